package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.redis.internal.LockNames;
import dev.lockkey.testing.RedisClusterFixture;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;

/** The executor contract on a real local Redis Cluster of three masters. */
class ClusterLockExecutorTest extends LockExecutorContract {

  @Override
  protected UnifiedJedis newClient() {
    return RedisClusterFixture.shared().newClient();
  }

  @Override
  protected void onEachPrimary(Consumer<UnifiedJedis> command) {
    for (HostAndPort master : RedisClusterFixture.shared().masters()) {
      try (RedisClient node = RedisClient.create(master)) {
        command.accept(node);
      }
    }
  }

  @Test
  void theKeysOfDifferentSpecsUsedHereLiveInDifferentSlots() {
    List<Integer> slots = List.of(TestKey.of("order", 12), TestKey.of("payment", 12), TestKey.of("account", 12))
        .stream()
        .map(key -> new LockNames(keyspace.fullKey("lock", key), "", "", "", "", "", "").slot())
        .distinct()
        .toList();
    assertThat(slots).as("so that multi-key tests cross slots").hasSize(3);
  }
}
