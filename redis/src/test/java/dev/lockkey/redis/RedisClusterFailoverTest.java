package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.testing.RedisClusterFixture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.util.JedisClusterCRC16;

/** The cluster fixture's replicas take over from a killed master, as failover tests will need. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class RedisClusterFailoverTest {

  @Test
  void aReplicaTakesOverTheSlotsOfAKilledMaster() {
    try (RedisClusterFixture cluster = RedisClusterFixture.builder().masters(3).replicasPerMaster(1).start();
        RedisClusterClient client = cluster.newClient(Duration.ofMillis(500), Duration.ofMillis(500))) {
      assertThat(cluster.masters()).hasSize(3);
      assertThat(cluster.replicas()).hasSize(3);
      String key = keyInSlotZeroRange();
      client.set(key, "before");

      HostAndPort first = cluster.masters().get(0); // serves slot 0 and on
      cluster.killMaster(first);
      cluster.awaitHealthy();

      RedisAwait.until("the cluster serves the killed master's slots again", Duration.ofSeconds(30), () -> {
        try {
          client.set(key, "after");
          return "after".equals(client.get(key));
        } catch (JedisException failingOver) {
          return false;
        }
      });
    }
  }

  private static String keyInSlotZeroRange() {
    for (int i = 0; ; i++) {
      String key = "failover-" + i;
      if (JedisClusterCRC16.getSlot(key) < 16384 / 3) {
        return key;
      }
    }
  }
}
