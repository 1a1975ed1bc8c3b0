package dev.lockkey.redis.connection;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.testing.RedisClusterFixture;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.providers.ClusterConnectionProvider;

/** Every way to build a Jedis client is told apart as cluster or single server. */
class JedisTopologyTest {

  @Test
  void singleServerClientsAreNoCluster() {
    try (UnifiedJedis redisClient = RedisFixture.shared().newClient();
        UnifiedJedis onPooledProvider = RedisFixture.shared().newUnifiedJedis()) {
      assertThat(JedisConnection.of(redisClient).isCluster()).isFalse();
      assertThat(JedisConnection.of(onPooledProvider).isCluster()).isFalse();
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
      assertThat(JedisConnection.of(redisClusterClient).isCluster()).isTrue();
      assertThat(JedisConnection.of(jedisCluster).isCluster()).isTrue();
      assertThat(JedisConnection.of(onClusterProvider).isCluster()).as("a UnifiedJedis on a cluster provider").isTrue();
    }
  }
}
