package dev.lockkey.redis.dedupe;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.internal.OwnerTokens;
import dev.lockkey.internal.Ttls;
import dev.lockkey.lock.LockException;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.redis.connection.RedisClientException;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.internal.LuaScript;
import dev.lockkey.redis.internal.RedisFailures;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Tells whether a key is seen for the first time within a time to live, e.g. to drop a redelivered
 * message: one atomic script on {@code dedupe:env:{body}} (a {@code SET NX PX} that also
 * recognises its own earlier run), so of any number of concurrent callers across servers exactly
 * one is first.
 *
 * <pre>{@code
 * Deduplicator dedupe = Deduplicator.create(redis, Keyspace.of("prod"));
 * DedupeMark mark = dedupe.mark(NotificationDeliveryKey.of(eventId, receiver, Channel.EMAIL), Duration.ofDays(1));
 * if (mark.first()) {
 *   try {
 *     mailer.send(notification);
 *   } catch (RuntimeException e) {
 *     mark.forget(); // a redelivery may try again
 *     throw e;
 *   }
 * }
 * }</pre>
 *
 * <p>The mark holds a random token of its setter, so {@link DedupeMark#forget()} deletes only the
 * caller's own mark, never one set by someone else after it expired; and a mark sent twice (a
 * client that timed out sends the command again, and when the node was only slow both copies run)
 * finds its own token the second time and still answers {@link DedupeMark#first()}. Redis failures surface as
 * {@link RedisUnavailableException} (or, for an unexpected reply, {@link LockException}).
 * Thread-safe.
 */
public final class Deduplicator {
  /** The purpose word of dedupe marks: {@code dedupe:env:{body}}. */
  public static final String PURPOSE = "dedupe";

  private static final LuaScript MARK = LuaScript.load("dedupe-mark");
  private static final LuaScript FORGET = LuaScript.load("dedupe-forget");

  private final RedisConnection redis;
  private final Keyspace keyspace;

  private Deduplicator(RedisConnection redis, Keyspace keyspace) {
    this.redis = Objects.requireNonNull(redis, "redis");
    this.keyspace = Objects.requireNonNull(keyspace, "keyspace");
  }

  /**
   * A deduplicator on any Redis client through the connection port, and key space.
   *
   * @param redis the client through the connection port, e.g. {@code LettuceConnection.of(client)}
   * @param keyspace the key space, e.g. {@code Keyspace.of("prod")}
   * @return the deduplicator
   */
  public static Deduplicator create(RedisConnection redis, Keyspace keyspace) {
    return new Deduplicator(redis, keyspace);
  }

  /**
   * Whether {@code key} is seen for the first time within {@code ttl}: {@code true} for exactly one
   * caller until the mark expires. Shorthand for {@code mark(key, ttl).first()}.
   *
   * @param ttl how long the key counts as seen: 1 ms to 100 years (longer is rejected), truncated to whole milliseconds
   * @param key the key
   * @return {@code true} for the first caller within {@code ttl}
   */
  public boolean firstSeen(LockKey key, Duration ttl) {
    return mark(key, ttl).first();
  }

  /**
   * Marks {@code key} as seen for {@code ttl} unless it is marked already, in one atomic call.
   *
   * @param ttl how long the key counts as seen: 1 ms to 100 years (longer is rejected), truncated to whole milliseconds
   * @param key the key
   * @return the mark: {@link DedupeMark#first()} tells whether this call set it
   * @throws RedisUnavailableException when Redis did not answer
   */
  public DedupeMark mark(LockKey key, Duration ttl) {
    long ttlMillis = Ttls.millis("ttl", ttl);
    String fullKey = keyspace.fullKey(PURPOSE, key);
    String token = OwnerTokens.next();
    Object reply;
    try {
      reply = MARK.run(redis, List.of(fullKey), List.of(token, Long.toString(ttlMillis)));
    } catch (RedisClientException e) {
      throw RedisFailures.translate(fullKey, e);
    }
    return new DedupeMark(this, fullKey, Long.valueOf(1).equals(reply) ? token : null);
  }

  /** Deletes the mark at {@code fullKey} if it still holds {@code token}. */
  boolean forget(String fullKey, String token) {
    try {
      return Long.valueOf(1).equals(FORGET.run(redis, List.of(fullKey), List.of(token)));
    } catch (RedisClientException e) {
      throw RedisFailures.translate(fullKey, e);
    }
  }

  @Override
  public String toString() {
    return "Deduplicator[" + keyspace.env() + "]";
  }
}
