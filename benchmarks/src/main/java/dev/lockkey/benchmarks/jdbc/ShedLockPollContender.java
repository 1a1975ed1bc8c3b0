package dev.lockkey.benchmarks.jdbc;

import dev.lockkey.benchmarks.lock.BlockingLockContender;
import dev.lockkey.benchmarks.lock.HeldLock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.SimpleLock;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * ShedLock's JDBC provider ({@code JdbcTemplateLockProvider}, the database's time). ShedLock has
 * no blocking acquire (a scheduled job that finds the lock taken skips its run), so waiting here is
 * a poll loop around {@code lock()}, again every 1 to 5 ms (random), as the naive Redis poll does.
 */
public final class ShedLockPollContender implements BlockingLockContender {
  private static final long MIN_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
  private static final long MAX_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

  private final DataSource pool;
  private final JdbcTemplateLockProvider provider;

  /** Takes connections from {@code pool}, closed with this contender. */
  public ShedLockPollContender(DataSource pool) {
    this.pool = pool;
    this.provider = new JdbcTemplateLockProvider(JdbcTemplateLockProvider.Configuration.builder()
        .withJdbcTemplate(new JdbcTemplate(pool))
        .usingDbTime()
        .build());
  }

  @Override
  public HeldLock tryAcquire(String key) {
    Optional<SimpleLock> lock = provider.lock(new LockConfiguration(Instant.now(), key, LEASE, Duration.ZERO));
    return lock.<HeldLock>map(held -> held::unlock).orElse(null);
  }

  @Override
  public HeldLock acquire(String key, Duration maxWait) throws InterruptedException {
    long deadline = System.nanoTime() + maxWait.toNanos();
    while (true) {
      HeldLock held = tryAcquire(key);
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
    BenchmarkPostgres.closePool(pool);
  }
}
