package dev.lockkey.testing;

import java.time.Duration;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;

/** The client settings every fixture hands out: explicit timeouts, a pool that never waits forever. */
final class JedisClients {
  /** Used when a caller does not choose: short, because every server here is on loopback. */
  static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(2);

  private JedisClients() {}

  /** Client settings with these connect and socket (read) timeouts. */
  static DefaultJedisClientConfig.Builder config(Duration connectTimeout, Duration socketTimeout) {
    return DefaultJedisClientConfig.builder()
        .connectionTimeoutMillis(millis(connectTimeout))
        .socketTimeoutMillis(millis(socketTimeout));
  }

  /**
   * A pool large enough for concurrent tests (Jedis' default of 8 connections makes 16 threads
   * queue), waiting for a free connection no longer than one command may take.
   */
  static ConnectionPoolConfig pool(Duration connectTimeout, Duration socketTimeout) {
    ConnectionPoolConfig pool = new ConnectionPoolConfig();
    pool.setMaxTotal(64);
    pool.setMaxIdle(64);
    pool.setBlockWhenExhausted(true);
    pool.setMaxWait(connectTimeout.plus(socketTimeout));
    return pool;
  }

  private static int millis(Duration timeout) {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("a timeout must be positive, was " + timeout);
    }
    return Math.toIntExact(timeout.toMillis());
  }
}
