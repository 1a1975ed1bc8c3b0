package dev.lockkey.testing;

import java.net.URI;
import java.time.Duration;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.providers.PooledConnectionProvider;
import redis.clients.jedis.util.JedisURIHelper;

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

  /**
   * The client of {@code RedisFixture.newClient}: here, not in the fixture, so that the fixture's
   * class loads and starts a server without Jedis on the class path (an application on Lettuce).
   */
  static RedisClient client(URI server, HostAndPort address, Duration connectTimeout, Duration socketTimeout) {
    return RedisClient.builder()
        .hostAndPort(address)
        .clientConfig(config(server, connectTimeout, socketTimeout))
        .poolConfig(pool(connectTimeout, socketTimeout))
        .build();
  }

  /** The client of {@code RedisFixture.newUnifiedJedis}, on API that every supported Jedis has. */
  static UnifiedJedis unifiedJedis(URI server, HostAndPort address, Duration connectTimeout, Duration socketTimeout) {
    PooledConnectionProvider provider = new PooledConnectionProvider(address,
        config(server, connectTimeout, socketTimeout), pool(connectTimeout, socketTimeout));
    // one attempt: a command is never re-sent on its own, as with RedisClient
    return new UnifiedJedis(provider, 1, connectTimeout.plus(socketTimeout));
  }

  /** Client settings with these timeouts and the user, password and database of {@code server}. */
  private static DefaultJedisClientConfig config(URI server, Duration connectTimeout, Duration socketTimeout) {
    DefaultJedisClientConfig.Builder config = config(connectTimeout, socketTimeout);
    if (JedisURIHelper.getPassword(server) != null) {
      config.user(JedisURIHelper.getUser(server)).password(JedisURIHelper.getPassword(server));
    }
    if (JedisURIHelper.isRedisSSLScheme(server)) {
      throw new UnsupportedOperationException(
          "TLS (rediss://) is not supported by this fixture: " + RedisFixture.REDIS_URL);
    }
    config.database(JedisURIHelper.getDBIndex(server));
    return config.build();
  }

  private static int millis(Duration timeout) {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("a timeout must be positive, was " + timeout);
    }
    return Math.toIntExact(timeout.toMillis());
  }
}
