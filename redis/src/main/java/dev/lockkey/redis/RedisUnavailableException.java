package dev.lockkey.redis;

import dev.lockkey.lock.LockException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Redis could not be reached or did not answer within the client's timeouts (connection refused,
 * socket timeout, cluster down or failing over, no free pooled connection). The Jedis failure is
 * the cause. Nothing is known about the lock's state; a lock taken before stays until its lease
 * ends. The executor recovers by itself once Redis answers again.
 */
public final class RedisUnavailableException extends LockException {
  private static final long serialVersionUID = 1L;

  /**
   * Redis failed for one lock.
   *
   * @param fullKey the Redis key of the lock concerned
   * @param cause the Jedis failure
   */
  public RedisUnavailableException(String fullKey, JedisException cause) {
    super("Redis is unavailable for " + fullKey + ": " + cause.getMessage(), fullKey, cause);
  }
}
