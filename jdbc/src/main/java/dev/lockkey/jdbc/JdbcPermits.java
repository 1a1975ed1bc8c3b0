package dev.lockkey.jdbc;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.permit.PermitOptions;
import dev.lockkey.permit.Permits;
import java.util.Objects;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * {@link Permits} on PostgreSQL (9.6 or later), through any {@link DataSource}: at most N holders of
 * a key, each permit a {@link Lease} with an owner token, a fencing token that rises per key,
 * renewal and the lost signal.
 *
 * <pre>{@code
 * JdbcLockTable.create(dataSource);   // the lock table and its holders table, or a migration
 * try (JdbcPermits permits = JdbcPermits.create(dataSource, Keyspace.of("prod"))) {
 *   permits.withPermit(ReportExportKey.of(tenant), PermitOptions.of(5), lease -> export(lease.fencingToken()));
 * }
 * }</pre>
 *
 * <p>Each permit is a row of the holders table ({@link JdbcLockTable}, {@code lockkey_locks_holders}),
 * its lease end by the database's {@code clock_timestamp()}; the key's row in the lock table
 * ({@code permits:prod:{body}}, or {@code <purpose>-permits:...}) keeps its last fencing token. A
 * take is one short transaction that locks the key's row, deletes the rows whose lease ended (so a
 * holder that died gives its permit back when its lease ends, by the database's clock) and admits
 * the caller while fewer than its N are held and fewer than the free permits queue ahead of it
 * (first come, first served, across processes); a release and an extension are one statement each. A
 * waiter keeps its place in the queue in the table, holds no connection between its attempts and
 * wakes on the release's {@code NOTIFY} (every waiter of the key in this process wakes and tries;
 * the queue decides), or after a pause of 10 ms doubling to the builder's
 * {@link JdbcLockExecutorBuilder#maxPollInterval maximum} (1 s), at most until the first holder's
 * lease ends. Create with {@link #create} or {@link JdbcLockExecutorBuilder#buildPermits()} (the
 * same table, listener, poll interval and operation timeout as an executor). Thread-safe;
 * {@link #close()} stops its renewal, clean-up and listener threads.
 */
public final class JdbcPermits implements Permits {
  private final Keyspace keyspace;
  private final SharedLocks locks;

  JdbcPermits(Keyspace keyspace, SharedLocks locks) {
    this.keyspace = keyspace;
    this.locks = locks;
  }

  /**
   * Permits on the lock table {@value JdbcLockTable#DEFAULT_NAME} and its holders table, telling no listener.
   *
   * @param dataSource the database; the caller keeps and closes it
   * @param keyspace the key space whose full keys name the permits
   * @return the permits; close them when done
   */
  public static JdbcPermits create(DataSource dataSource, Keyspace keyspace) {
    return JdbcLockExecutor.builder(dataSource, keyspace).buildPermits();
  }

  @Override
  public Keyspace keyspace() {
    return keyspace;
  }

  /**
   * {@inheritDoc} One transaction.
   *
   * @throws JdbcLockException when the database failed
   */
  @Override
  public Optional<Lease> tryAcquire(LockKey key, PermitOptions options) {
    return locks.take(key, fullKey(key, options), SharedKind.PERMIT, options.permits(), options.lease(), false);
  }

  /**
   * {@inheritDoc}
   *
   * @throws JdbcLockException when the database failed
   */
  @Override
  public Lease acquire(LockKey key, PermitOptions options) {
    String fullKey = fullKey(key, options);
    return locks.take(key, fullKey, SharedKind.PERMIT, options.permits(), options.lease(), true)
        .orElseThrow(() -> new LockTimeoutException(fullKey, options.lease().waitTime()));
  }

  /** Stops renewals, clean-ups and the listener; permits still held run out by their leases. */
  @Override
  public void close() {
    locks.close();
  }

  @Override
  public String toString() {
    return "JdbcPermits[" + keyspace.env() + "]";
  }

  private String fullKey(LockKey key, PermitOptions options) {
    Objects.requireNonNull(key, "key");
    return keyspace.fullKey(SharedKind.word(options.lease().purpose(), "permits"), key);
  }
}
