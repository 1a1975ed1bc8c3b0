package dev.lockkey.redis;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.lockkey.testing.RedisBinary;
import dev.lockkey.testing.RedisFixture;
import java.nio.file.Path;
import java.util.Optional;
import redis.clients.jedis.RedisClient;

/**
 * Redis 7 beside the embedded 6.2: Debian's {@code redis-server} package at {@value #PATH}, which
 * {@code .ci/run} installs when apt is there. Tests on it call {@link #binary()} first, in
 * {@code @BeforeAll}, and so are skipped, saying why, where it is absent or another version.
 */
public final class Redis7 {
  /** Where Debian's package installs the binary; {@code @LockKeyTest(redisServer = ...)} names it too. */
  public static final String PATH = "/usr/bin/redis-server";

  private static final Optional<RedisBinary> INSTALLED = RedisBinary.installed(Path.of(PATH), 7);

  private static boolean reported;

  private Redis7() {}

  /**
   * The Redis 7 binary; skips the calling test (or class, from {@code @BeforeAll}) when it is not installed.
   *
   * @return the binary
   */
  public static RedisBinary binary() {
    assumeTrue(INSTALLED.isPresent(),
        "Redis 7 (Debian's redis-server package) is not installed: apt-get install redis-server");
    return INSTALLED.get();
  }

  /**
   * The shared Redis 7 server of this JVM, started on first use, when it prints the version the
   * server reports, so that the test output records which server the tests ran on.
   *
   * @return the server; skips the calling test when Redis 7 is not installed
   */
  public static synchronized RedisFixture shared() {
    RedisFixture redis = RedisFixture.shared(binary());
    if (!reported) {
      report(redis);
      reported = true;
    }
    return redis;
  }

  private static void report(RedisFixture redis) {
    try (RedisClient client = redis.newClient()) {
      String version = client.info("server").lines().filter(line -> line.startsWith("redis_version:"))
          .findFirst().orElse("redis_version:unknown").strip();
      System.out.println("[Redis 7] " + redis + " runs " + INSTALLED.orElseThrow() + ", " + version);
    }
  }
}
