package dev.lockkey.benchmarks.contention;

import dev.lockkey.benchmarks.jdbc.BenchmarkPostgres;
import dev.lockkey.benchmarks.jdbc.JdbcLockKeyContender;
import dev.lockkey.benchmarks.jdbc.JdbcRegistryContender;
import dev.lockkey.benchmarks.jdbc.ShedLockPollContender;
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
 * and {@link Fairness#BARGING}) and the naive SET NX poll; and those of the PostgreSQL run (LockKey's
 * JDBC executor, Spring Integration's JDBC registry, ShedLock polled), which lock in the database
 * named by {@link BenchmarkPostgres#PROPERTY} while the critical section stays in Redis.
 */
public enum ProcessContender {
  LOCKKEY, LOCKKEY_BARGING, REDISSON, SPRING, POLL, JDBC_LOCKKEY, JDBC_SPRING, JDBC_SHEDLOCK;

  /** Connections a JDBC contender's pool holds per worker JVM: its threads and a listener. */
  private static final int POOL_SIZE = 4;

  /** The short name used in reports and on worker command lines. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Connects this contender's clients to {@code redis}. */
  public BlockingLockContender open(RedisEndpoint redis) {
    return switch (this) {
      case POLL -> new SetNxPollContender(redis);
      case LOCKKEY_BARGING -> new LockKeyContender(redis, Fairness.BARGING);
      case JDBC_LOCKKEY -> new JdbcLockKeyContender(BenchmarkPostgres.poolFromSystemProperty(POOL_SIZE));
      case JDBC_SPRING -> new JdbcRegistryContender(BenchmarkPostgres.poolFromSystemProperty(POOL_SIZE));
      case JDBC_SHEDLOCK -> new ShedLockPollContender(BenchmarkPostgres.poolFromSystemProperty(POOL_SIZE));
      default -> Contender.valueOf(name()).openBlocking(redis);
    };
  }

  /** Every contender locking in Redis, in report order. */
  public static List<ProcessContender> all() {
    return List.of(LOCKKEY, LOCKKEY_BARGING, REDISSON, SPRING, POLL);
  }

  /** Every contender locking in PostgreSQL, in report order. */
  public static List<ProcessContender> jdbc() {
    return List.of(JDBC_LOCKKEY, JDBC_SPRING, JDBC_SHEDLOCK);
  }
}
