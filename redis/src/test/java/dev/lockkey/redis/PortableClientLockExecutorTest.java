package dev.lockkey.redis;

import dev.lockkey.testing.RedisFixture;
import java.util.function.Consumer;
import redis.clients.jedis.UnifiedJedis;

/**
 * The executor contract on a {@code UnifiedJedis} built on a pooled connection provider, the one
 * single-server client every supported Jedis can build (and the one the Spring Boot starter
 * builds), here on the build's Jedis: it speaks RESP2 where {@code RedisClient} negotiates RESP3.
 */
class PortableClientLockExecutorTest extends LockExecutorContract {

  @Override
  protected UnifiedJedis newClient() {
    return RedisFixture.shared().newUnifiedJedis();
  }

  @Override
  protected void onEachPrimary(Consumer<UnifiedJedis> command) {
    command.accept(jedis);
  }
}
