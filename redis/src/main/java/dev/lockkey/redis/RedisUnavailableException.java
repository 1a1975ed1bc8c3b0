package dev.lockkey.redis;

import dev.lockkey.lock.LockException;

/**
 * Redis could not be reached or did not answer within the client's timeouts (connection refused,
 * socket timeout, cluster down or failing over, no free pooled connection). The client's failure
 * (Jedis', Lettuce's) is the cause. Nothing is known about the lock's state; a lock taken before stays until its lease
 * ends. The executor recovers by itself once Redis answers again.
 */
public final class RedisUnavailableException extends LockException {
  private static final long serialVersionUID = 1L;

  /**
   * Redis failed for one lock.
   *
   * @param fullKey the Redis key of the lock concerned
   * @param cause the client's failure
   */
  public RedisUnavailableException(String fullKey, RuntimeException cause) {
    super("Redis is unavailable for " + fullKey + ": " + cause.getMessage(), fullKey, cause);
  }
}
