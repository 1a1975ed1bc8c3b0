package dev.lockkey.benchmarks.lock;

import dev.lockkey.Keyspace;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.lock.Fairness;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import java.time.Duration;
import redis.clients.jedis.RedisClient;

/**
 * LockKey's {@link RedisLockExecutor} on a Jedis {@code RedisClient}, as the README sets it up:
 * each lock is a generated {@link BenchLockKey}, each lease carries a fencing token, no renewal.
 * The key object is built inside the measured cycle, as a caller builds it per request.
 */
public final class LockKeyContender implements BlockingLockContender {
  private final RedisClient jedis;
  private final RedisLockExecutor executor;
  private final LockOptions noWait;

  /** Connects to {@code redis}, with the default fairness ({@link Fairness#FIFO}). */
  public LockKeyContender(RedisEndpoint redis) {
    this(redis, Fairness.FIFO);
  }

  /** Connects to {@code redis}, taking locks with {@code fairness}. */
  public LockKeyContender(RedisEndpoint redis, Fairness fairness) {
    this.jedis = RedisClient.create(redis.host(), redis.port());
    this.noWait = LockOptions.builder().leaseTime(LEASE).renewal(false).fairness(fairness).build();
    this.executor =
        RedisLockExecutor.builder(JedisConnection.of(jedis), Keyspace.of("bench")).defaultOptions(noWait).build();
  }

  @Override
  public HeldLock tryAcquire(String key) {
    return executor.tryAcquire(BenchLockKey.of(key)).map(LockKeyContender::held).orElse(null);
  }

  @Override
  public HeldLock acquire(String key, Duration maxWait) {
    LockOptions options = noWait.toBuilder().waitTime(maxWait).build();
    try {
      return held(executor.acquire(BenchLockKey.of(key), options));
    } catch (LockTimeoutException e) {
      return null;
    }
  }

  private static HeldLock held(Lease lease) {
    return lease::release;
  }

  @Override
  public void close() {
    executor.close();
    jedis.close();
  }
}
