package dev.lockkey.redis;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.LockBackendContract.StoreOutage;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockListener;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisFixture;
import dev.lockkey.testing.TcpProxy;
import java.util.function.BiFunction;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.UnifiedJedis;

/**
 * A {@link StoreOutage} for the lock contract on one redis-server: a {@link TcpProxy} in front of
 * the server, cut by {@link TcpProxy#cut()} (refused, then reset). Each Jedis line makes its own
 * client (Jedis 6.0 has no {@code RedisClient}), so the caller says how.
 */
public final class ProxiedRedisOutage implements StoreOutage {
  /**
   * Patient timeouts: a cut fails a request at once (its connection reset, a new one refused), so
   * they only ever end the requests before it, which a loaded machine may slow down by seconds.
   */
  private static final JedisClientConfig CONFIG =
      DefaultJedisClientConfig.builder().connectionTimeoutMillis(10_000).socketTimeoutMillis(10_000).build();

  private final TcpProxy proxy;
  private final UnifiedJedis client;
  private LockExecutor executor;

  private ProxiedRedisOutage(TcpProxy proxy, UnifiedJedis client) {
    this.proxy = proxy;
    this.client = client;
  }

  /**
   * An outage of the shared server through {@code clientFactory}, or {@code null} when the server
   * is not the one this run started (e.g. {@code REDIS_URL} with credentials the proxy cannot know).
   */
  public static StoreOutage of(BiFunction<HostAndPort, JedisClientConfig, UnifiedJedis> clientFactory) {
    return of(RedisFixture.shared(), clientFactory);
  }

  /** An outage of {@code redis} through {@code clientFactory}, or {@code null} when this run did not start it. */
  public static StoreOutage of(RedisFixture redis, BiFunction<HostAndPort, JedisClientConfig, UnifiedJedis> clientFactory) {
    if (!redis.ownsServer()) {
      return null;
    }
    TcpProxy proxy = TcpProxy.start(new HostAndPort(redis.host(), redis.port()));
    return new ProxiedRedisOutage(proxy, clientFactory.apply(proxy.address(), CONFIG));
  }

  @Override
  public LockExecutor executor(Keyspace keyspace, LockListener listener) {
    executor = RedisLockExecutor.builder(JedisConnection.of(client), keyspace).listener(listener).build();
    return executor;
  }

  @Override
  public void begin() {
    proxy.cut(); // refused as well as reset, so that the release cannot simply reconnect
  }

  @Override
  public void close() {
    if (executor != null) {
      executor.close();
    }
    client.close();
    proxy.close();
  }
}
