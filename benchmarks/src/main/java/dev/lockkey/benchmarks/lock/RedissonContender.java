package dev.lockkey.benchmarks.lock;

import dev.lockkey.benchmarks.redis.RedisEndpoint;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.redisson.Redisson;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

/**
 * Redisson's {@code RLock} with an explicit lease, so no watchdog renews it (the same contract as
 * the floor). Waiting is Redisson's own: a pub/sub message on unlock wakes the waiters. Redisson's
 * defaults otherwise, as a user gets them.
 */
public final class RedissonContender implements BlockingLockContender {
  private final RedissonClient redisson;

  /** Connects to {@code redis}. */
  public RedissonContender(RedisEndpoint redis) {
    Config config = new Config();
    config.useSingleServer().setAddress("redis://" + redis.host() + ":" + redis.port());
    this.redisson = Redisson.create(config);
  }

  @Override
  public HeldLock tryAcquire(String key) {
    try {
      return acquire(key, Duration.ZERO);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while trying " + key, e);
    }
  }

  @Override
  public HeldLock acquire(String key, Duration maxWait) throws InterruptedException {
    RLock lock = redisson.getLock(key);
    if (!lock.tryLock(maxWait.toMillis(), LEASE.toMillis(), TimeUnit.MILLISECONDS)) {
      return null;
    }
    return lock::unlock;
  }

  @Override
  public void close() {
    redisson.shutdown();
  }
}
