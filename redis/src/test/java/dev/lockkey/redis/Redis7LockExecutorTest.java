package dev.lockkey.redis;

import java.util.function.Consumer;
import redis.clients.jedis.UnifiedJedis;

/** The executor contract on Redis 7 (Debian's package), as {@link SingleServerLockExecutorTest} on 6.2. */
class Redis7LockExecutorTest extends LockExecutorContract {

  @Override
  protected UnifiedJedis newClient() {
    return Redis7.shared().newClient();
  }

  @Override
  protected void onEachPrimary(Consumer<UnifiedJedis> command) {
    command.accept(jedis);
  }
}
