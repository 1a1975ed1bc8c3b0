package dev.lockkey.benchmarks.jdbc;

import dev.lockkey.Keyspace;
import dev.lockkey.benchmarks.lock.BenchLockKey;
import dev.lockkey.benchmarks.lock.BlockingLockContender;
import dev.lockkey.benchmarks.lock.HeldLock;
import dev.lockkey.jdbc.JdbcLockExecutor;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import java.time.Duration;
import javax.sql.DataSource;

/**
 * LockKey's {@link JdbcLockExecutor} on a HikariCP pool, as the JDBC guide sets it up: fencing
 * token, the database's clock, waiting woken by {@code LISTEN}/{@code NOTIFY}, no renewal.
 */
public final class JdbcLockKeyContender implements BlockingLockContender {
  private final DataSource pool;
  private final JdbcLockExecutor executor;
  private final LockOptions noWait = LockOptions.builder().leaseTime(LEASE).renewal(false).build();

  /** Takes connections from {@code pool}, closed with this contender. */
  public JdbcLockKeyContender(DataSource pool) {
    this.pool = pool;
    this.executor = JdbcLockExecutor.builder(pool, Keyspace.of("bench")).defaultOptions(noWait).build();
  }

  @Override
  public HeldLock tryAcquire(String key) {
    return executor.tryAcquire(BenchLockKey.of(key)).map(JdbcLockKeyContender::held).orElse(null);
  }

  @Override
  public HeldLock acquire(String key, Duration maxWait) {
    try {
      return held(executor.acquire(BenchLockKey.of(key), noWait.toBuilder().waitTime(maxWait).build()));
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
    BenchmarkPostgres.closePool(pool);
  }
}
