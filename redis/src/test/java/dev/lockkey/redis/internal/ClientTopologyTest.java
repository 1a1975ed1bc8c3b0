package dev.lockkey.redis.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.testing.RedisClusterFixture;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.providers.ClusterConnectionProvider;

/** Every way to build a Jedis client is told apart as cluster or single server. */
class ClientTopologyTest {

  @Test
  void singleServerClientsAreNoCluster() {
    try (UnifiedJedis redisClient = RedisFixture.shared().newClient();
        UnifiedJedis onPooledProvider = RedisFixture.shared().newUnifiedJedis()) {
      assertThat(ClientTopology.isCluster(redisClient)).isFalse();
      assertThat(ClientTopology.isCluster(onPooledProvider)).isFalse();
    }
  }

  @Test
  void everyClusterClientIsACluster() {
    RedisClusterFixture cluster = RedisClusterFixture.shared();
    try (UnifiedJedis redisClusterClient = cluster.newClient();
        UnifiedJedis jedisCluster = cluster.newUnifiedJedis();
        UnifiedJedis onClusterProvider = new UnifiedJedis(
            new ClusterConnectionProvider(cluster.nodes(), DefaultJedisClientConfig.builder().build()),
            5, Duration.ofSeconds(2))) {
      assertThat(ClientTopology.isCluster(redisClusterClient)).isTrue();
      assertThat(ClientTopology.isCluster(jedisCluster)).isTrue();
      assertThat(ClientTopology.isCluster(onClusterProvider)).as("a UnifiedJedis on a cluster provider").isTrue();
    }
  }
}
