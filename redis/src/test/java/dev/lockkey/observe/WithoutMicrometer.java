package dev.lockkey.observe;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockListener;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import java.util.function.Function;
import redis.clients.jedis.RedisClient;

/**
 * What an application without Micrometer does, run by {@link MicrometerIsOptionalTest} in a class
 * loader that hides Micrometer: two executors on one Redis, one observed by a hot-key sampler,
 * contend for a lock. Takes {@code host:port}, returns the hot-key report.
 */
public final class WithoutMicrometer implements Function<String, String> {

  /** Called reflectively from the hiding class loader. */
  public WithoutMicrometer() {}

  @Override
  public String apply(String hostAndPort) {
    String[] parts = hostAndPort.split(":");
    HotKeys hotKeys = HotKeys.create(4);
    Keyspace keyspace = Keyspace.of("no-micrometer");
    SampleKey key = SampleKey.payment(System.nanoTime());
    try (RedisClient redis = RedisClient.builder().hostAndPort(parts[0], Integer.parseInt(parts[1])).build();
        RedisLockExecutor observed = RedisLockExecutor.builder(JedisConnection.of(redis), keyspace)
            .listener(LockListener.all(hotKeys, LockListener.NONE))
            .build();
        RedisLockExecutor other = RedisLockExecutor.create(JedisConnection.of(redis), keyspace);
        Lease held = other.acquire(key)) {
      if (observed.tryAcquire(key).isPresent()) {
        throw new IllegalStateException("the lock was free although held");
      }
      held.checkHeld();
    }
    return hotKeys.reportAndReset(1);
  }
}
