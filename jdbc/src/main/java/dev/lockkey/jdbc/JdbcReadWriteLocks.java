package dev.lockkey.jdbc;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.rwlock.ReadWriteLocks;
import java.util.Objects;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * {@link ReadWriteLocks} on PostgreSQL (9.6 or later), through any {@link DataSource}: many
 * readers or one writer per key, each share a {@link Lease} (owner token, fencing token rising per
 * key across readers and writers, renewal, lost signal); a reader or writer that died frees its
 * share when its lease ends by the database's clock.
 *
 * <pre>{@code
 * JdbcLockTable.create(dataSource);   // the lock table and its holders table, or a migration
 * try (JdbcReadWriteLocks rw = JdbcReadWriteLocks.create(dataSource, Keyspace.of("prod"))) {
 *   Prices prices = rw.withRead(PriceListKey.of(market), options, lease -> store.read(market));
 * }
 * }</pre>
 *
 * <p>Rows as for {@link JdbcPermits}, under the key's row {@code rw:prod:{body}} (or
 * {@code <purpose>-rw:...}). <b>A waiting writer blocks new readers:</b> a writer that is not let
 * in keeps a place in the key's queue in the table (renewed by each of its attempts, at least once
 * per {@link JdbcLockExecutorBuilder#maxPollInterval poll interval}); a take, in its transaction
 * under the key's row lock, admits a reader only while no writer holds and no writer's place is
 * ahead of it, and a writer only while nobody holds and it is first in the queue. So a writer
 * behind a continuous stream of readers waits for the readers inside only. No upgrade;
 * {@link #downgrade} is one statement that turns the write row into a read row with the same
 * fencing token. Thread-safe; {@link #close()} stops its threads.
 */
public final class JdbcReadWriteLocks implements ReadWriteLocks {
  private final Keyspace keyspace;
  private final SharedLocks locks;

  JdbcReadWriteLocks(Keyspace keyspace, SharedLocks locks) {
    this.keyspace = keyspace;
    this.locks = locks;
  }

  /**
   * Read/write locks on the lock table {@value JdbcLockTable#DEFAULT_NAME} and its holders table,
   * telling no listener.
   *
   * @param dataSource the database; the caller keeps and closes it
   * @param keyspace the key space whose full keys name the locks
   * @return the locks; close them when done
   */
  public static JdbcReadWriteLocks create(DataSource dataSource, Keyspace keyspace) {
    return JdbcLockExecutor.builder(dataSource, keyspace).buildReadWriteLocks();
  }

  @Override
  public Keyspace keyspace() {
    return keyspace;
  }

  @Override
  public Optional<Lease> tryRead(LockKey key, LockOptions options) {
    return locks.take(key, fullKey(key, options), SharedKind.READ, 0, options, false);
  }

  @Override
  public Lease read(LockKey key, LockOptions options) {
    return take(key, SharedKind.READ, options);
  }

  @Override
  public Optional<Lease> tryWrite(LockKey key, LockOptions options) {
    return locks.take(key, fullKey(key, options), SharedKind.WRITE, 0, options, false);
  }

  @Override
  public Lease write(LockKey key, LockOptions options) {
    return take(key, SharedKind.WRITE, options);
  }

  /** {@inheritDoc} One statement. */
  @Override
  public Lease downgrade(Lease writeLease, LockOptions options) {
    Objects.requireNonNull(writeLease, "writeLease");
    Objects.requireNonNull(options, "options");
    return locks.downgrade(writeLease, fullKey(writeLease.key(), writeLease.options()), options);
  }

  /** Stops renewals, clean-ups and the listener; shares still held run out by their leases. */
  @Override
  public void close() {
    locks.close();
  }

  @Override
  public String toString() {
    return "JdbcReadWriteLocks[" + keyspace.env() + "]";
  }

  private Lease take(LockKey key, SharedKind kind, LockOptions options) {
    String fullKey = fullKey(key, options);
    return locks.take(key, fullKey, kind, 0, options, true)
        .orElseThrow(() -> new LockTimeoutException(fullKey, options.waitTime()));
  }

  private String fullKey(LockKey key, LockOptions options) {
    Objects.requireNonNull(key, "key");
    return keyspace.fullKey(SharedKind.word(options.purpose(), "rw"), key);
  }
}
