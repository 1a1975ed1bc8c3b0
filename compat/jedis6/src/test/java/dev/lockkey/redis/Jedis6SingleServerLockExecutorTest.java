package dev.lockkey.redis;

import dev.lockkey.testing.RedisFixture;
import java.util.function.Consumer;
import redis.clients.jedis.UnifiedJedis;

/** The executor contract on one real redis-server, with Jedis 6.0 on the class path. */
class Jedis6SingleServerLockExecutorTest extends LockExecutorContract {

  @Override
  protected UnifiedJedis newClient() {
    return RedisFixture.shared().newUnifiedJedis();
  }

  @Override
  protected void onEachPrimary(Consumer<UnifiedJedis> command) {
    command.accept(jedis);
  }
}
