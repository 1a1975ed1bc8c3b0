package dev.lockkey.redis;

import dev.lockkey.testing.RedisFixture;
import redis.clients.jedis.UnifiedJedis;

/** Waiting, local state and multi-key leases on one real redis-server. */
class SingleServerWaitingTest extends WaitingContract {
  @Override
  protected UnifiedJedis newClient() {
    return RedisFixture.shared().newClient();
  }
}
