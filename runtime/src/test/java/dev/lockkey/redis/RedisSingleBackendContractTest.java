package dev.lockkey.redis;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.LockBackendContract;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockListener;
import dev.lockkey.testing.RedisFixture;
import dev.lockkey.testing.TcpProxy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;

/** The backend-neutral lock contract on one real redis-server (or {@code REDIS_URL}). */
class RedisSingleBackendContractTest extends LockBackendContract {
  private static final int CLIENT_TIMEOUT_MILLIS = 500;

  private static UnifiedJedis jedis;

  @BeforeAll
  static void connect() {
    jedis = RedisFixture.shared().newClient();
  }

  @AfterAll
  static void disconnect() {
    jedis.close();
  }

  @Override
  protected LockExecutor newExecutor(Keyspace keyspace, LockListener listener) {
    return RedisLockExecutor.builder(jedis, keyspace).listener(listener).build();
  }

  /** A {@link TcpProxy} in front of the server, when it is the one this run started (no credentials). */
  @Override
  protected StoreOutage storeOutage() {
    RedisFixture redis = RedisFixture.shared();
    if (!redis.ownsServer()) {
      return null;
    }
    TcpProxy proxy = TcpProxy.start(new HostAndPort(redis.host(), redis.port()));
    RedisClient client = RedisClient.builder().hostAndPort(proxy.address()).clientConfig(DefaultJedisClientConfig
        .builder().connectionTimeoutMillis(CLIENT_TIMEOUT_MILLIS).socketTimeoutMillis(CLIENT_TIMEOUT_MILLIS).build())
        .build();
    return new StoreOutage() {
      private LockExecutor executor;

      @Override
      public LockExecutor executor(Keyspace keyspace, LockListener listener) {
        executor = RedisLockExecutor.builder(client, keyspace).listener(listener).build();
        return executor;
      }

      @Override
      public void begin() {
        proxy.resetConnections();
        proxy.refuseConnections(); // so that the release cannot simply reconnect
      }

      @Override
      public void close() {
        if (executor != null) {
          executor.close();
        }
        client.close();
        proxy.close();
      }
    };
  }
}
