package dev.lockkey.spring.boot4;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootVersion;
import redis.clients.jedis.UnifiedJedis;

/**
 * Guards the point of this module: the starter's tests here run on the Spring Boot 4 and the
 * Jedis that the build names (surefire passes them as {@code compat.expected.*}), not on the
 * versions the starter was built against.
 */
class SpringBootFourOnClassPathTest {

  @Test
  void springBootIsTheOneTheBuildNames() {
    assertThat(SpringBootVersion.getVersion()).startsWith("4.").isEqualTo(System.getProperty("compat.expected.spring-boot"));
  }

  @Test
  void jedisIsTheOneTheBuildNames() throws IOException {
    Properties pom = new Properties();
    try (InputStream in = UnifiedJedis.class.getResourceAsStream("/META-INF/maven/redis.clients/jedis/pom.properties")) {
      pom.load(in);
    }
    assertThat(pom.getProperty("version")).isEqualTo(System.getProperty("compat.expected.jedis"));
  }

  @Test
  void bootThreesHealthApiIsGoneSoTheStarterMustUseBootFours() {
    assertThat(getClass().getClassLoader().getResource("org/springframework/boot/actuate/health/HealthIndicator.class"))
        .isNull();
  }
}
