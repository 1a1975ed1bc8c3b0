package dev.lockkey.spring;

import dev.lockkey.testing.RedisFixture;
import java.util.UUID;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * The properties of a test application on the shared redis-server, in an environment of its own,
 * so that no other test's (nor an earlier run's) keys and counters meet its own.
 */
public final class SharedRedis {
  private SharedRedis() {}

  /** Registers {@code lockkey.environment} as {@code prefix-<random>} and the shared server's address. */
  public static void register(DynamicPropertyRegistry registry, String prefix) {
    registry.add("lockkey.environment", () -> prefix + "-" + UUID.randomUUID().toString().substring(0, 8));
    registry.add("spring.data.redis.host", () -> RedisFixture.shared().host());
    registry.add("spring.data.redis.port", () -> RedisFixture.shared().port());
  }
}
