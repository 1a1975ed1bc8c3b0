package dev.lockkey.redis;

import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.lettuce.LettuceClients;

/** The executor contract on the three-master cluster, the executors on the Lettuce adapter (Jedis only looks into Redis). */
class LettuceClusterLockExecutorTest extends ClusterLockExecutorTest {
  private LettuceClients lettuce;

  @Override
  protected RedisConnection openPort() {
    lettuce = LettuceClients.cluster();
    return lettuce.connection();
  }

  @Override
  protected void closePort() {
    lettuce.close();
  }
}
