package dev.lockkey.benchmarks.contention;

import dev.lockkey.benchmarks.lock.BlockingLockContender;
import dev.lockkey.benchmarks.lock.Contender;
import dev.lockkey.benchmarks.lock.SetNxPollContender;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import java.util.List;
import java.util.Locale;

/** The contenders of the cross-process run: the waiting libraries and the naive SET NX poll. */
public enum ProcessContender {
  LOCKKEY, REDISSON, SPRING, POLL;

  /** The short name used in reports and on worker command lines. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Connects this contender's clients to {@code redis}. */
  public BlockingLockContender open(RedisEndpoint redis) {
    return this == POLL ? new SetNxPollContender(redis) : Contender.valueOf(name()).openBlocking(redis);
  }

  /** Every contender, in report order. */
  public static List<ProcessContender> all() {
    return List.of(values());
  }
}
