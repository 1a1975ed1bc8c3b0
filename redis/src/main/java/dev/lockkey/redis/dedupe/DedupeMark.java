package dev.lockkey.redis.dedupe;

import dev.lockkey.redis.RedisUnavailableException;

/**
 * What {@link Deduplicator#mark} found: whether the call was the first within the time to live,
 * and for the first caller a way to take its mark back. Thread-safe.
 */
public final class DedupeMark {
  private final Deduplicator deduplicator;
  private final String fullKey;
  private final String token;

  /**
   * @param token the token this call stored, or {@code null} when the key was marked already
   */
  DedupeMark(Deduplicator deduplicator, String fullKey, String token) {
    this.deduplicator = deduplicator;
    this.fullKey = fullKey;
    this.token = token;
  }

  /**
   * Whether this call was the first to see the key within the time to live.
   *
   * @return whether this call was the first to see the key within the time to live
   */
  public boolean first() {
    return token != null;
  }

  /**
   * The Redis key of the mark, e.g. {@code dedupe:prod:{notification:deliver:v1:e-1:u-7:EMAIL}}.
   *
   * @return the Redis key of the mark, e.g. {@code dedupe:prod:{notification:deliver:v1:e-1:u-7:EMAIL}}
   */
  public String fullKey() {
    return fullKey;
  }

  /**
   * Deletes this call's mark, so that the key counts as unseen again, e.g. because its processing
   * failed and a redelivery must be processed. Deletes nothing when this call was not
   * {@link #first()}, or when the mark expired meanwhile (a newer mark of another caller stays).
   *
   * @return whether this call's mark was deleted
   * @throws RedisUnavailableException when Redis did not answer
   */
  public boolean forget() {
    return first() && deduplicator.forget(fullKey, token);
  }

  @Override
  public String toString() {
    return "DedupeMark[" + fullKey + (first() ? ", first]" : ", seen before]");
  }
}
