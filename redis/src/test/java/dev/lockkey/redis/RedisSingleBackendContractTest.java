package dev.lockkey.redis;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.LockBackendContract;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockListener;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;

/** The backend-neutral lock contract on one real redis-server (or {@code REDIS_URL}). */
class RedisSingleBackendContractTest extends LockBackendContract {
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
    return RedisLockExecutor.builder(JedisConnection.of(jedis), keyspace).listener(listener).build();
  }

  /** A {@link dev.lockkey.testing.TcpProxy} in front of the server, when it is the one this run started (no credentials). */
  @Override
  protected StoreOutage storeOutage() {
    return ProxiedRedisOutage.of((address, config) -> RedisClient.builder().hostAndPort(address).clientConfig(config).build());
  }
}
