package dev.lockkey.redis;

import dev.lockkey.lock.LockException;
import java.time.Duration;

/**
 * Fewer replicas than {@link RedisLockExecutorBuilder#replicas(int, java.time.Duration)} asks for
 * acknowledged a lock's write within its timeout (Redis {@code WAIT}). After an acquisition the lock was
 * released again (or, when Redis failed meanwhile, is released in the background until its lease
 * has passed): the caller holds nothing. After an extension the lease is still held and extended
 * on the primary, but a failover now may lose it.
 *
 * <p>The message names the full key (secret fields appear only as digests), never an owner token.
 */
public final class ReplicationException extends LockException {
  private static final long serialVersionUID = 1L;

  /** How many replicas were asked for. */
  private final int asked;
  /** How many replicas acknowledged within the timeout. */
  private final long acknowledged;

  /**
   * @param what what was written: {@code "acquisition"} or {@code "extension"}
   * @param fullKey the Redis key of the lock concerned
   * @param asked how many replicas were asked for
   * @param acknowledged how many acknowledged in time
   * @param timeout how long the store waited for them
   */
  public ReplicationException(String what, String fullKey, int asked, long acknowledged, Duration timeout) {
    super(what + " of " + fullKey + " acknowledged by " + acknowledged + " of the " + asked
        + " replicas asked for within " + timeout.toMillis() + " ms"
        + ("acquisition".equals(what) ? "; the lock was released" : "; the lease is extended on the primary only"),
        fullKey, null);
    this.asked = asked;
    this.acknowledged = acknowledged;
  }

  /** {@return how many replicas were asked for} */
  public int asked() {
    return asked;
  }

  /** {@return how many replicas acknowledged within the timeout} */
  public long acknowledged() {
    return acknowledged;
  }
}
