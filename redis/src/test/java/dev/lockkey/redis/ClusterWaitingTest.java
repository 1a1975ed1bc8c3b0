package dev.lockkey.redis;

import dev.lockkey.testing.RedisClusterFixture;
import redis.clients.jedis.UnifiedJedis;

/** Waiting, local state and multi-key leases on a real local Redis Cluster: the multi-lease crosses slots here. */
class ClusterWaitingTest extends WaitingContract {
  @Override
  protected UnifiedJedis newClient() {
    return RedisClusterFixture.shared().newClient();
  }
}
