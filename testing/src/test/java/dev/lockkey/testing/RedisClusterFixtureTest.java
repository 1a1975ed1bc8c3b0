package dev.lockkey.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisMovedDataException;

/** Faults on the cluster node that serves a key. */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class RedisClusterFixtureTest {
  private static final Duration SHORT_TIMEOUT = Duration.ofMillis(300);

  @Test
  void pausingTheNodeThatServesAKeyStallsThatKeyOnly() throws Exception {
    // a node timeout far above the pause, so that no node is marked failed while it lasts
    try (RedisClusterFixture cluster = RedisClusterFixture.builder().nodeTimeout(Duration.ofSeconds(30)).start();
        RedisClusterClient client = cluster.newClient(Duration.ofSeconds(2), SHORT_TIMEOUT)) {
      Map<Integer, String> keyByPort = IntStream.range(0, 100).mapToObj(i -> "{order-" + i + "}")
          .collect(Collectors.toMap(key -> cluster.nodeServing(key).port(), Function.identity(), (a, b) -> a));
      assertThat(keyByPort).as("a key for every master").hasSize(3);
      for (Map.Entry<Integer, String> entry : keyByPort.entrySet()) {
        RedisNode node = cluster.nodeServing(entry.getValue());
        try (Jedis direct = RedisNodeTest.connect(node, 10_000)) {
          direct.set(entry.getValue(), "served here"); // another node would answer MOVED
        }
      }
      String stalled = keyByPort.values().iterator().next();
      String other = keyByPort.values().stream().skip(1).findFirst().orElseThrow();
      RedisNode node = cluster.nodeServing(stalled);
      try (Jedis elsewhere = RedisNodeTest.connect(cluster.nodeServing(other), 10_000)) {
        assertThatThrownBy(() -> elsewhere.set(stalled, "x")).isInstanceOf(JedisMovedDataException.class);
      }

      node.pause();
      try {
        assertThatThrownBy(() -> client.get(stalled)).isInstanceOf(JedisException.class);
        assertThat(client.get(other)).isEqualTo("served here");
      } finally {
        node.resume();
      }
      Await.until("the resumed node serves its key", () -> {
        try {
          return "served here".equals(client.get(stalled));
        } catch (JedisException stillRecovering) {
          return false;
        }
      });
    }
  }

  @Test
  void afterAFailoverTheKeyIsServedByThePromotedReplica() throws Exception {
    try (RedisClusterFixture cluster = RedisClusterFixture.builder()
        .replicasPerMaster(1)
        .nodeTimeout(Duration.ofSeconds(1))
        .start()) {
      String key = "{failover}";
      RedisNode master = cluster.nodeServing(key);
      cluster.killMaster(master.address());
      Await.until("a replica took over the key's slot", () -> {
        try {
          RedisNode serving = cluster.nodeServing(key);
          return serving.port() != master.port() && serving.isRunning();
        } catch (IllegalStateException noMasterYet) {
          return false;
        }
      });
      assertThat(cluster.replicas()).contains(cluster.nodeServing(key).address());
      cluster.awaitHealthy();
    }
  }
}
