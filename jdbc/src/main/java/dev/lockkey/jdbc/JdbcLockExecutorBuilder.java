package dev.lockkey.jdbc;

import dev.lockkey.Keyspace;
import dev.lockkey.internal.store.PollingBackoff;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import java.time.Duration;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * Builds a {@link JdbcLockExecutor}, or {@link JdbcPermits} or {@link JdbcReadWriteLocks} on the same
 * settings, from {@link JdbcLockExecutor#builder}; not thread-safe.
 */
public final class JdbcLockExecutorBuilder {
  /** The default longest pause between two attempts of a waiter that heard no release. */
  public static final Duration DEFAULT_MAX_POLL_INTERVAL = Duration.ofSeconds(1);
  /** The default longest time one statement may take before it fails as unavailable. */
  public static final Duration DEFAULT_OPERATION_TIMEOUT = Duration.ofSeconds(5);

  private final DataSource dataSource;
  private final Keyspace keyspace;
  private String table = JdbcLockTable.DEFAULT_NAME;
  private LockOptions defaults = LockOptions.defaults();
  private LockListener listener = LockListener.NONE;
  private Duration maxPollInterval = DEFAULT_MAX_POLL_INTERVAL;
  private Duration operationTimeout = DEFAULT_OPERATION_TIMEOUT;

  JdbcLockExecutorBuilder(DataSource dataSource, Keyspace keyspace) {
    this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    this.keyspace = Objects.requireNonNull(keyspace, "keyspace");
  }

  /**
   * The lock table ({@value JdbcLockTable#DEFAULT_NAME} unless set), made by {@link JdbcLockTable#create}
   * or a migration.
   *
   * @param table a plain or schema-qualified SQL identifier, e.g. {@code app.locks}
   * @return this builder
   * @throws IllegalArgumentException when {@code table} is not a plain SQL identifier
   */
  public JdbcLockExecutorBuilder table(String table) {
    this.table = JdbcLockTable.checkName(table);
    return this;
  }

  /**
   * The options for calls that take none ({@link LockOptions#defaults()} unless set).
   *
   * @param options the executor's default options
   * @return this builder
   */
  public JdbcLockExecutorBuilder defaultOptions(LockOptions options) {
    this.defaults = Objects.requireNonNull(options, "options");
    return this;
  }

  /**
   * Who hears about acquisitions, releases, losses and errors, e.g. a metrics recorder.
   *
   * @param listener the listener; none unless set
   * @return this builder
   */
  public JdbcLockExecutorBuilder listener(LockListener listener) {
    this.listener = Objects.requireNonNull(listener, "listener");
    return this;
  }

  /**
   * The longest pause between two attempts of a waiting acquisition that heard no release (1 s
   * unless set): a release wakes a waiter at once, so this bounds only what a lost notification
   * or a lease that ran out unreleased costs.
   *
   * @param maxPollInterval the longest pause, at least 10 ms
   * @return this builder
   * @throws IllegalArgumentException when under 10 ms
   */
  public JdbcLockExecutorBuilder maxPollInterval(Duration maxPollInterval) {
    this.maxPollInterval = PollingBackoff.checkMaxPollInterval(maxPollInterval);
    return this;
  }

  /**
   * How long one statement may wait for the database before it fails with
   * {@link JdbcUnavailableException} (5 s unless set): the network timeout of its connection. The
   * wait for a connection from the pool is the pool's own setting (HikariCP's
   * {@code connectionTimeout}).
   *
   * @param operationTimeout the timeout, from 1 ms to {@link Integer#MAX_VALUE} ms
   * @return this builder
   * @throws IllegalArgumentException when out of that range
   */
  public JdbcLockExecutorBuilder operationTimeout(Duration operationTimeout) {
    long millis = operationTimeout.toMillis();
    if (millis < 1 || millis > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("operationTimeout must be from 1 ms to " + Integer.MAX_VALUE
          + " ms, was " + operationTimeout);
    }
    this.operationTimeout = operationTimeout;
    return this;
  }

  /**
   * {@return new permits on this builder's table and its holders table, with its listener, poll
   * interval and operation timeout (its default options are for locks only); close them when done}
   */
  public JdbcPermits buildPermits() {
    return new JdbcPermits(keyspace, sharedLocks("JdbcPermits", "lockkey-jdbc-permits-"));
  }

  /**
   * {@return new read/write locks on this builder's table and its holders table, with its listener,
   * poll interval and operation timeout (its default options are for locks only); close them when done}
   */
  public JdbcReadWriteLocks buildReadWriteLocks() {
    return new JdbcReadWriteLocks(keyspace, sharedLocks("JdbcReadWriteLocks", "lockkey-jdbc-rw-"));
  }

  private SharedLocks sharedLocks(String type, String threads) {
    return new SharedLocks(type + "[" + table + ", " + keyspace.env() + "]", dataSource, new PostgresDialect(), table,
        listener, maxPollInterval, operationTimeout, threads);
  }

  /** {@return a new executor with what this builder was given; close it when done} */
  public JdbcLockExecutor build() {
    return new JdbcLockExecutor(dataSource, new PostgresDialect(), table, keyspace, defaults, listener,
        maxPollInterval, operationTimeout);
  }
}
