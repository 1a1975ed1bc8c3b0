package dev.lockkey.jdbc;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.internal.store.StoreLocks;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockInterruptedException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.lock.MultiLease;
import java.time.Duration;
import java.util.Collection;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Takes locks on {@link LockKey}s in a table of a relational database (PostgreSQL), through any
 * {@link DataSource}: the {@link LockExecutor} contract for teams whose one shared store is their
 * database. One executor per application and key space, shared by all threads; the data source
 * (a pool such as HikariCP) and the driver stay the caller's.
 *
 * <pre>{@code
 * JdbcLockTable.create(dataSource);                   // once, or by a Flyway / Liquibase migration
 * LockExecutor locks = JdbcLockExecutor.create(dataSource, Keyspace.of("prod"));
 * try (Lease lease = locks.acquire(PaymentCaptureKey.of("t42", 98765))) {
 *   ledger.capture(payment, lease.fencingToken());
 * }
 * }</pre>
 *
 * <h2>Statements</h2>
 * One row per lock key in {@link JdbcLockTable the lock table}. Each operation is one statement in
 * one round trip, checked against the owner token, with "now" taken from the database's
 * {@code clock_timestamp()}: no statement carries a time from this process, so clients whose
 * clocks disagree (by seconds or hours) still agree on every lease. A take is
 * {@code INSERT ... ON CONFLICT DO UPDATE ... WHERE lease_until IS NULL OR lease_until < clock_timestamp()},
 * raising the row's fencing token by one in the same statement; an extension and a release are
 * {@code UPDATE}s where the owner token matches and the lease has not run out. A release keeps the
 * row, so fencing tokens rise across holders, expiries, releases and restarts.
 *
 * <h2>Connections and transactions</h2>
 * Every statement borrows a connection from the data source, runs in autocommit and gives the
 * connection back: a lock never joins, waits for or rolls back with the caller's transaction, and
 * a waiting thread holds no connection between its attempts. The executor holds one connection
 * for itself, from its first waiting acquisition until {@link #close()}: the listener. So a pool
 * needs one connection per executor plus one per thread in a lock statement at that moment
 * (holding a lock takes none, a renewal takes one for one statement).
 *
 * <h2>Waiting</h2>
 * A release notifies ({@code pg_notify}, in the release statement itself) and the listener wakes
 * the waiter of that key in this executor, which tries at once. Threads of one executor that want
 * the same key wait locally, one of them on the database. A notification can be lost (the
 * listener's connection broke, a lease ran out unreleased), so a waiter also tries again after a
 * pause that starts at 10 ms and doubles up to {@link JdbcLockExecutorBuilder#maxPollInterval the
 * maximum} (1 s unless set), and right after the holder's lease runs out by the database's clock
 * (the take tells). Across processes there is no queue and no fairness: the first attempt after a
 * release wins.
 *
 * <h2>Failures</h2>
 * {@link JdbcUnavailableException} (no connection, a broken one, a statement past the
 * {@link JdbcLockExecutorBuilder#operationTimeout operation timeout}) and {@link JdbcLockException}
 * (anything else, e.g. a missing table) are {@link dev.lockkey.lock.LockException}s; a held lock
 * is an answer, never an exception. A statement whose connection broke (a pooled connection cut
 * by the network or a restart of the server) runs again, up to twice, on another connection: each
 * statement finds its own first write if that was applied. Once {@code withLock} ran the work, its result stands: a
 * release failing then goes to the listener's {@code onError} and a {@code WARNING} log
 * ({@link System.Logger} {@code dev.lockkey.jdbc}). The executor runs two daemon threads for
 * renewals, one for callbacks and, from the first wait on, one listener thread.
 *
 * <p>Locks with several holders per key on the same table (and a holders table beside it):
 * {@link JdbcPermits} and {@link JdbcReadWriteLocks}, from {@link JdbcLockExecutorBuilder#buildPermits()}
 * and {@link JdbcLockExecutorBuilder#buildReadWriteLocks()}.
 */
public final class JdbcLockExecutor implements LockExecutor {
  private final Keyspace keyspace;
  private final String table;
  private final LockOptions defaults;
  private final ReleaseListener releases;
  private final JdbcLeaseStore store;
  private final StoreLocks locks;

  JdbcLockExecutor(DataSource dataSource, JdbcDialect dialect, String table, Keyspace keyspace, LockOptions defaults,
      LockListener listener, Duration maxPollInterval, Duration operationTimeout) {
    this.keyspace = keyspace;
    this.table = table;
    this.defaults = defaults;
    this.releases = new ReleaseListener(dataSource, dialect, "lockkey-jdbc-listener-" + table);
    this.store = new JdbcLeaseStore(dataSource, dialect, table, operationTimeout, releases);
    this.locks = new StoreLocks(toString(), "lockkey-jdbc-", store, keyspace, listener, maxPollInterval.toNanos());
  }

  /**
   * An executor with {@link LockOptions#defaults()} and no listener, on the lock table
   * {@value JdbcLockTable#DEFAULT_NAME}.
   *
   * @param dataSource the database; the caller keeps and closes it
   * @param keyspace the key space whose full keys are the table's keys
   * @return the executor; close it when done
   */
  public static JdbcLockExecutor create(DataSource dataSource, Keyspace keyspace) {
    return builder(dataSource, keyspace).build();
  }

  /**
   * A builder for an executor on {@code dataSource} (which the caller keeps and closes) and
   * {@code keyspace}.
   *
   * @param dataSource the database; the caller keeps and closes it
   * @param keyspace the key space whose full keys are the table's keys
   * @return a builder with the defaults of {@link #create}
   */
  public static JdbcLockExecutorBuilder builder(DataSource dataSource, Keyspace keyspace) {
    return new JdbcLockExecutorBuilder(dataSource, keyspace);
  }

  @Override
  public Keyspace keyspace() {
    return keyspace;
  }

  @Override
  public LockOptions defaultOptions() {
    return defaults;
  }

  /**
   * {@inheritDoc} One statement.
   *
   * @throws JdbcLockException when the database failed (see the class documentation)
   */
  @Override
  public Optional<Lease> tryAcquire(LockKey key, LockOptions options) {
    return locks.tryAcquire(key, options);
  }

  /**
   * {@inheritDoc} Waits for a release notification, or polls (see the class documentation).
   *
   * @throws LockTimeoutException when it stayed held for the whole wait time
   * @throws LockInterruptedException when the thread was interrupted while waiting
   * @throws JdbcLockException when the database failed (see the class documentation)
   */
  @Override
  public Lease acquire(LockKey key, LockOptions options) {
    return locks.acquire(key, options);
  }

  /**
   * {@inheritDoc} A take per key, in canonical order, then an extension of each but the last:
   * 2n - 1 statements for n keys without contention.
   *
   * @throws LockTimeoutException naming a key that stayed held
   * @throws LockInterruptedException when the thread was interrupted while waiting
   * @throws JdbcLockException when the database failed (see the class documentation)
   */
  @Override
  public MultiLease acquireAll(Collection<? extends LockKey> keys, LockOptions options) {
    return locks.acquireAll(keys, options);
  }

  /**
   * Stops the renewal watchdog (leases still held then run out by their lease time) and the
   * listener, whose connection goes back to the data source. Does not close the data source.
   * Further acquisitions fail.
   */
  @Override
  public void close() {
    locks.close();
    releases.close();
  }

  /** The lock's row as the database sees it now; empty when never taken. For tests. */
  Optional<LockRow> read(String fullKey) {
    return store.read(fullKey);
  }

  @Override
  public String toString() {
    return "JdbcLockExecutor[" + table + ", " + keyspace.env() + "]";
  }
}
