package dev.lockkey.redis;

import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.lettuce.LettuceClients;

/** The executor contract on one real redis-server, the executors on the Lettuce adapter (Jedis only looks into Redis). */
class LettuceSingleServerLockExecutorTest extends SingleServerLockExecutorTest {
  private LettuceClients lettuce;

  @Override
  protected RedisConnection openPort() {
    lettuce = LettuceClients.single();
    return lettuce.connection();
  }

  @Override
  protected void closePort() {
    lettuce.close();
  }
}
