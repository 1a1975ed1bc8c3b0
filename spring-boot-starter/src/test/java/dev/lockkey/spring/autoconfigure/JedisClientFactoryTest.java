package dev.lockkey.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.testing.RedisFixture;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.util.SafeEncoder;

/** {@code spring.data.redis.*} as the starter reads it, against a real server with an ACL user. */
class JedisClientFactoryTest {
  private static RedisFixture redis;

  @BeforeAll
  static void startServerWithAclUser() {
    redis = RedisFixture.startLocal();
    try (UnifiedJedis admin = redis.newUnifiedJedis()) {
      admin.sendCommand(Protocol.Command.ACL, "SETUSER", "locker", "on", ">s3cret", "~*", "&*", "+@all");
    }
  }

  @AfterAll
  static void stopServer() {
    redis.close();
  }

  private static JedisClientFactory factory(Map<String, String> properties) {
    RedisConnectionSettings settings = new Binder(new MapConfigurationPropertySource(properties))
        .bindOrCreate(RedisConnectionSettings.PREFIX, RedisConnectionSettings.class);
    return new JedisClientFactory(settings, null);
  }

  @Test
  void hostPortUserPasswordAndDatabaseReachTheServer() {
    try (UnifiedJedis jedis = factory(Map.of(
        "spring.data.redis.host", redis.host(),
        "spring.data.redis.port", Integer.toString(redis.port()),
        "spring.data.redis.username", "locker",
        "spring.data.redis.password", "s3cret",
        "spring.data.redis.database", "3")).create()) {
      jedis.set("factory-test", "db3");
      assertThat(SafeEncoder.encode((byte[]) jedis.sendCommand(Protocol.Command.ACL, "WHOAMI"))).isEqualTo("locker");
    }
    try (UnifiedJedis db3 = factory(Map.of("spring.data.redis.url",
        "redis://locker:s3cret@" + redis.host() + ":" + redis.port() + "/3")).create()) {
      assertThat(db3.get("factory-test")).as("the url's database").isEqualTo("db3");
    }
  }

  @Test
  void aWrongPasswordFailsOnFirstUse() {
    try (UnifiedJedis jedis = factory(Map.of(
        "spring.data.redis.url", "redis://locker:wrong@" + redis.host() + ":" + redis.port())).create()) {
      assertThatThrownBy(jedis::ping).isInstanceOf(JedisException.class);
    }
  }

  @Test
  void timeoutsSslAndTheClientNameBind() {
    JedisClientConfig config = factory(Map.of(
        "spring.data.redis.timeout", "750ms",
        "spring.data.redis.connect-timeout", "300ms",
        "spring.data.redis.ssl.enabled", "true",
        "spring.data.redis.client-name", "payments")).clientConfig(true);
    assertThat(config.getSocketTimeoutMillis()).isEqualTo(750);
    assertThat(config.getConnectionTimeoutMillis()).isEqualTo(300);
    assertThat(config.isSsl()).isTrue();
    assertThat(config.getClientName()).isEqualTo("payments");
    assertThat(factory(Map.of("spring.data.redis.url", "rediss://cache.internal")).clientConfig(true).isSsl())
        .as("rediss://").isTrue();
  }

  @Test
  void anSslBundleWithoutBundlesIsAnError() {
    assertThatThrownBy(() -> factory(Map.of("spring.data.redis.ssl.bundle", "redis")).clientConfig(true))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("spring.data.redis.ssl.bundle is set to 'redis'");
  }
}
