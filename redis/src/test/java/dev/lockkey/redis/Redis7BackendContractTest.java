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

/** The backend-neutral lock contract on Redis 7 (Debian's package), as {@link RedisSingleBackendContractTest} on 6.2. */
class Redis7BackendContractTest extends LockBackendContract {
  private static RedisFixture redis;
  private static UnifiedJedis jedis;

  @BeforeAll
  static void connect() {
    redis = Redis7.shared();
    jedis = redis.newClient();
  }

  @AfterAll
  static void disconnect() {
    if (jedis != null) {
      jedis.close();
    }
  }

  @Override
  protected LockExecutor newExecutor(Keyspace keyspace, LockListener listener) {
    return RedisLockExecutor.builder(JedisConnection.of(jedis), keyspace).listener(listener).build();
  }

  @Override
  protected StoreOutage storeOutage() {
    return ProxiedRedisOutage.of(redis,
        (address, config) -> RedisClient.builder().hostAndPort(address).clientConfig(config).build());
  }
}
