package dev.lockkey.redis;

import dev.lockkey.testing.RedisClusterFixture;
import java.time.Duration;
import java.util.function.Consumer;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.providers.PooledConnectionProvider;

/** The executor contract on a real local Redis Cluster of three masters, with Jedis 6.0 on the class path. */
class Jedis6ClusterLockExecutorTest extends LockExecutorContract {

  @Override
  protected UnifiedJedis newClient() {
    return RedisClusterFixture.shared().newUnifiedJedis();
  }

  @Override
  protected void onEachPrimary(Consumer<UnifiedJedis> command) {
    for (HostAndPort master : RedisClusterFixture.shared().masters()) {
      try (UnifiedJedis node = new UnifiedJedis(new PooledConnectionProvider(master), 1, Duration.ofSeconds(2))) {
        command.accept(node);
      }
    }
  }
}
