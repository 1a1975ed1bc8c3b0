package dev.lockkey.redis;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.LockBackendContract;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockListener;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisClusterFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import redis.clients.jedis.UnifiedJedis;

/** The backend-neutral lock contract on a real local Redis Cluster of three masters. */
class RedisClusterBackendContractTest extends LockBackendContract {
  private static UnifiedJedis jedis;

  @BeforeAll
  static void connect() {
    jedis = RedisClusterFixture.shared().newClient();
  }

  @AfterAll
  static void disconnect() {
    jedis.close();
  }

  @Override
  protected LockExecutor newExecutor(Keyspace keyspace, LockListener listener) {
    return RedisLockExecutor.builder(JedisConnection.of(jedis), keyspace).listener(listener).build();
  }
}
