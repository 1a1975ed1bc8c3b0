package dev.lockkey.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.RedisClient;

class RedisBinaryTest {

  @Test
  void theEmbeddedBinaryIsRedis6AndAServerOfItReportsThatVersion() {
    RedisBinary embedded = RedisBinary.embedded();
    assertThat(embedded.majorVersion()).isEqualTo(6);
    try (RedisFixture redis = RedisFixture.startLocal(embedded, List.of()); RedisClient client = redis.newClient()) {
      assertThat(client.info("server")).contains("redis_version:" + embedded.version());
    }
  }

  /** What lets the Redis 7 tests skip: an absent binary, or one of another major version, is not "installed". */
  @Test
  void anAbsentBinaryOrAnotherMajorVersionIsNotInstalled() {
    assertThat(RedisBinary.installed(Path.of("/nonexistent/redis-server"), 7)).isEmpty();
    assertThat(RedisBinary.installed(RedisBinary.embedded().path(), 7)).isEmpty();
    assertThat(RedisBinary.installed(RedisBinary.embedded().path(), 6)).contains(RedisBinary.embedded());
  }

  @Test
  void withoutThePropertyFixturesRunTheEmbeddedBinary() {
    if (System.getProperty(RedisBinary.PROPERTY) == null) {
      assertThat(RedisBinary.configured()).isSameAs(RedisBinary.embedded());
    }
  }
}
