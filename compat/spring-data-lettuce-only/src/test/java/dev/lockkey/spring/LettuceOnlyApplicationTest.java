package dev.lockkey.spring;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * {@link SpringDataLettuceApplicationTest}, the whole application on Spring Data Redis with Lettuce,
 * on a class path without Jedis: this module excludes {@code redis.clients:jedis} as the guides tell
 * a Lettuce user to. The context starts (so no bean class, configuration or condition of LockKey's
 * needs Jedis), a lock, a {@code @Locked} and an {@code @Idempotent} method run, and every
 * connection the server sees is the connection factory's.
 */
class LettuceOnlyApplicationTest extends SpringDataLettuceApplicationTest {

  @Test
  void noJedisClassIsOnTheClassPath() {
    assertThatThrownBy(() -> Class.forName("redis.clients.jedis.UnifiedJedis"))
        .isInstanceOf(ClassNotFoundException.class);
  }
}
