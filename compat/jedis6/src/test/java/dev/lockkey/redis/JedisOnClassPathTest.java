package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

/** Guards the point of this module: the tests here run on Jedis 6.0, not on the parent's Jedis. */
class JedisOnClassPathTest {

  @Test
  void theJedisOnTheClassPathIsSixPointZero() throws IOException {
    Properties pom = new Properties();
    try (InputStream in = UnifiedJedis.class.getResourceAsStream("/META-INF/maven/redis.clients/jedis/pom.properties")) {
      assertThat(in).as("Jedis' pom.properties").isNotNull();
      pom.load(in);
    }
    assertThat(pom.getProperty("version")).startsWith("6.0.");
  }

  @Test
  void jedisSixHasNoRedisClusterClientSoTheRuntimeMustNotLinkIt() {
    assertThat(UnifiedJedis.class.getClassLoader().getResource("redis/clients/jedis/RedisClusterClient.class")).isNull();
  }
}
