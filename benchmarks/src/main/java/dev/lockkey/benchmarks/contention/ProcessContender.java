package dev.lockkey.benchmarks.contention;

import dev.lockkey.benchmarks.lock.BlockingLockContender;
import dev.lockkey.benchmarks.lock.Contender;
import dev.lockkey.benchmarks.lock.LockKeyContender;
import dev.lockkey.benchmarks.lock.SetNxPollContender;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.lock.Fairness;
import java.util.List;
import java.util.Locale;

/**
 * The contenders of the cross-process run: the waiting libraries (LockKey both FIFO, its default,
 * and {@link Fairness#BARGING}) and the naive SET NX poll.
 */
public enum ProcessContender {
  LOCKKEY, LOCKKEY_BARGING, REDISSON, SPRING, POLL;

  /** The short name used in reports and on worker command lines. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Connects this contender's clients to {@code redis}. */
  public BlockingLockContender open(RedisEndpoint redis) {
    return switch (this) {
      case POLL -> new SetNxPollContender(redis);
      case LOCKKEY_BARGING -> new LockKeyContender(redis, Fairness.BARGING);
      default -> Contender.valueOf(name()).openBlocking(redis);
    };
  }

  /** Every contender, in report order. */
  public static List<ProcessContender> all() {
    return List.of(values());
  }
}
