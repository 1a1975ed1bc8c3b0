package dev.lockkey.spring.boot4;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootVersion;
import redis.clients.jedis.UnifiedJedis;

/** Guards the point of this module: the starter's tests here run on Spring Boot 4 and its Jedis 7 (4.0: 7.0, 4.1: 7.4). */
class SpringBootFourOnClassPathTest {

  @Test
  void springBootIsFour() {
    assertThat(SpringBootVersion.getVersion()).startsWith("4.");
  }

  @Test
  void jedisIsSeven() throws IOException {
    Properties pom = new Properties();
    try (InputStream in = UnifiedJedis.class.getResourceAsStream("/META-INF/maven/redis.clients/jedis/pom.properties")) {
      pom.load(in);
    }
    assertThat(pom.getProperty("version")).startsWith("7.");
  }

  @Test
  void bootThreesHealthApiIsGoneSoTheStarterMustUseBootFours() {
    assertThat(getClass().getClassLoader().getResource("org/springframework/boot/actuate/health/HealthIndicator.class"))
        .isNull();
  }
}
