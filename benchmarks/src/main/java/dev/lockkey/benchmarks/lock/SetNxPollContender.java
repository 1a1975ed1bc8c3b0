package dev.lockkey.benchmarks.lock;

import dev.lockkey.benchmarks.redis.RedisEndpoint;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * The naive waiting lock: the {@link RawJedisFloor}'s attempt again every 1 to 5 ms (random) until
 * taken or the wait is over. No queue, no notification, no fairness by design: the yardstick the
 * cross-process goals of issue 15 are measured against.
 */
public final class SetNxPollContender implements BlockingLockContender {
  private static final long MIN_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
  private static final long MAX_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

  private final RawJedisFloor floor;

  /** Connects to {@code redis}. */
  public SetNxPollContender(RedisEndpoint redis) {
    this.floor = new RawJedisFloor(redis);
  }

  @Override
  public HeldLock tryAcquire(String key) {
    return floor.tryAcquire(key);
  }

  @Override
  public HeldLock acquire(String key, Duration maxWait) throws InterruptedException {
    long deadline = System.nanoTime() + maxWait.toNanos();
    while (true) {
      HeldLock held = floor.tryAcquire(key);
      if (held != null) {
        return held;
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return null;
      }
      long pause = ThreadLocalRandom.current().nextLong(MIN_PAUSE_NANOS, MAX_PAUSE_NANOS + 1);
      TimeUnit.NANOSECONDS.sleep(Math.min(pause, left));
    }
  }

  @Override
  public void close() {
    floor.close();
  }
}
