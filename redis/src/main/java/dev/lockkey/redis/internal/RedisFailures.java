package dev.lockkey.redis.internal;

import dev.lockkey.lock.LockException;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.redis.connection.RedisClientException;

/** Turns the connection port's failures into the executor's exceptions, with the client's exception as their cause. */
public final class RedisFailures {
  private RedisFailures() {}

  /** {@link RedisUnavailableException} when Redis could not answer, else a {@link LockException}. */
  public static LockException translate(String fullKey, RedisClientException failure) {
    RuntimeException cause = failure.getCause();
    if (failure.isUnavailable()) {
      return new RedisUnavailableException(fullKey, cause);
    }
    return new LockException("Redis failed on " + fullKey + ": " + cause.getMessage(), fullKey, cause);
  }
}
