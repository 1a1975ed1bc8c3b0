package dev.lockkey.redis.leader;

import dev.lockkey.leader.LeaderElectionContract;
import dev.lockkey.lock.LockBackendContract.StoreOutage;
import dev.lockkey.redis.ProxiedRedisOutage;
import redis.clients.jedis.RedisClient;

/** Leader election on one redis-server, each candidate behind a TCP proxy of its own. */
class RedisLeaderElectionTest extends LeaderElectionContract {
  @Override
  protected StoreOutage storeOutage() {
    return ProxiedRedisOutage.of((address, config) -> RedisClient.builder().hostAndPort(address).clientConfig(config).build());
  }
}
