package dev.lockkey.redis.connection;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.redis.RedisLockExecutor;
import java.util.function.Function;
import redis.clients.jedis.RedisClient;

/**
 * What an application on Jedis alone does, run by {@link LettuceIsOptionalTest} in a class loader
 * that hides Lettuce: a lock taken and released. Takes {@code host:port}.
 */
public final class WithoutLettuce implements Function<String, String> {

  /** Called reflectively from the hiding class loader. */
  public WithoutLettuce() {}

  @Override
  public String apply(String hostAndPort) {
    String[] parts = hostAndPort.split(":");
    try (RedisClient redis = RedisClient.builder().hostAndPort(parts[0], Integer.parseInt(parts[1])).build();
        RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(redis), Keyspace.of("no-lettuce"))) {
      Lease lease = locks.acquire(SampleKey.unique());
      return "acquired," + (lease.release() ? "released" : "lost");
    }
  }
}
