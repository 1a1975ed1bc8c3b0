package dev.lockkey.benchmarks.jdbc;

import dev.lockkey.benchmarks.lock.BlockingLockContender;
import dev.lockkey.benchmarks.lock.HeldLock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import javax.sql.DataSource;
import org.springframework.integration.jdbc.lock.DefaultLockRepository;
import org.springframework.integration.jdbc.lock.JdbcLockRegistry;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

/**
 * Spring Integration's {@code JdbcLockRegistry} over its {@code DefaultLockRepository} with a
 * {@code DataSourceTransactionManager}, as a Spring application wires it, registry defaults
 * otherwise (the lease is its default TTL; a waiter retries every 100 ms, its default). Note: the
 * registry guards each key with a local {@code ReentrantLock} first, so threads of one JVM queue in
 * memory and only one of them at a time talks to the database.
 */
public final class JdbcRegistryContender implements BlockingLockContender {
  private final DataSource pool;
  private final DefaultLockRepository repository;
  private final JdbcLockRegistry registry;

  /** Takes connections from {@code pool}, closed with this contender. */
  public JdbcRegistryContender(DataSource pool) {
    this.pool = pool;
    this.repository = new DefaultLockRepository(pool);
    repository.setTransactionManager(new DataSourceTransactionManager(pool));
    repository.afterPropertiesSet();
    repository.afterSingletonsInstantiated();
    repository.start();
    this.registry = new JdbcLockRegistry(repository);
  }

  @Override
  public HeldLock tryAcquire(String key) {
    Lock lock = registry.obtain(key);
    return lock.tryLock() ? lock::unlock : null;
  }

  @Override
  public HeldLock acquire(String key, Duration maxWait) throws InterruptedException {
    Lock lock = registry.obtain(key);
    return lock.tryLock(maxWait.toMillis(), TimeUnit.MILLISECONDS) ? lock::unlock : null;
  }

  @Override
  public void close() {
    repository.stop();
    repository.close();
    BenchmarkPostgres.closePool(pool);
  }
}
