package dev.lockkey.redis.internal;

import dev.lockkey.lock.LockException;
import dev.lockkey.redis.RedisUnavailableException;
import java.io.IOException;
import java.util.NoSuchElementException;
import redis.clients.jedis.exceptions.JedisBusyException;
import redis.clients.jedis.exceptions.JedisClusterException;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/** Turns Jedis failures into the executor's exceptions. */
public final class RedisFailures {
  /** Error replies of a server that is (re)starting, failing over or busy: it is unavailable for now. */
  private static final String[] TRANSIENT_REPLIES = {"LOADING", "READONLY", "MASTERDOWN", "TRYAGAIN", "CLUSTERDOWN"};

  private RedisFailures() {}

  /** {@link RedisUnavailableException} when Redis could not answer, else a {@link LockException}. */
  public static LockException translate(String fullKey, JedisException failure) {
    if (isUnavailable(failure)) {
      return new RedisUnavailableException(fullKey, failure);
    }
    return new LockException("Redis failed on " + fullKey + ": " + failure.getMessage(), fullKey, failure);
  }

  private static boolean isUnavailable(JedisException failure) {
    if (failure instanceof JedisClusterException || failure instanceof JedisBusyException) {
      return true;
    }
    if (failure instanceof JedisDataException && failure.getMessage() != null) {
      for (String reply : TRANSIENT_REPLIES) {
        if (failure.getMessage().startsWith(reply)) {
          return true;
        }
      }
      return false;
    }
    // a broken or refused connection, a timeout, no reachable cluster node, an exhausted pool
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof JedisConnectionException
          || cause instanceof JedisClusterOperationException
          || cause instanceof IOException
          || cause instanceof NoSuchElementException) {
        return true;
      }
    }
    return false;
  }
}
