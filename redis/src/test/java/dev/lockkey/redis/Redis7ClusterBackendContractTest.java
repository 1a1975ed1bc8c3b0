package dev.lockkey.redis;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.LockBackendContract;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockListener;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisClusterFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.UnifiedJedis;

/** The backend-neutral lock contract on a three-master Redis 7 Cluster, as {@link RedisClusterBackendContractTest} on 6.2. */
class Redis7ClusterBackendContractTest extends LockBackendContract {
  private static RedisClusterFixture cluster;
  private static UnifiedJedis jedis;

  @BeforeAll
  static void start() {
    cluster = RedisClusterFixture.builder().binary(Redis7.binary()).start();
    jedis = cluster.newClient();
    try (Jedis node = new Jedis(cluster.masters().get(0))) {
      System.out.println("[Redis 7] " + cluster + " runs " + Redis7.binary() + ", "
          + node.info("server").lines().filter(line -> line.startsWith("redis_version:")).findFirst().orElse("?"));
    }
  }

  @AfterAll
  static void stop() {
    if (jedis != null) {
      jedis.close();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  @Override
  protected LockExecutor newExecutor(Keyspace keyspace, LockListener listener) {
    return RedisLockExecutor.builder(JedisConnection.of(jedis), keyspace).listener(listener).build();
  }
}
