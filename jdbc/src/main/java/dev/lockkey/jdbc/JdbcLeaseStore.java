package dev.lockkey.jdbc;

import dev.lockkey.internal.store.LeaseStore;
import dev.lockkey.internal.store.ReleaseWatch;
import dev.lockkey.internal.store.StoreAttempt;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;

/**
 * The lock operations on one table, each one statement in one round trip on a connection of its
 * own from the {@link DataSource}, in autocommit (never the caller's transaction: a lock must not
 * wait for, or roll back with, the caller's work). The connection goes back to the pool right
 * after the statement, so a waiter holds none between its attempts. Thread-safe.
 */
final class JdbcLeaseStore implements LeaseStore {
  /** pgjdbc applies a network timeout on its own thread; none is needed. */
  private static final Executor DIRECT = Runnable::run;
  /** Runs again after a broken connection: a pool may hand out more connections that a cut broke. */
  private static final int RETRIES = 2;

  private final DataSource dataSource;
  private final JdbcDialect dialect;
  private final String table;
  private final int timeoutMillis;
  private final ReleaseListener releases;
  private final String acquireSql;
  private final String extendSql;
  private final String releaseSql;
  private final String readSql;

  JdbcLeaseStore(DataSource dataSource, JdbcDialect dialect, String table, Duration operationTimeout,
      ReleaseListener releases) {
    this.dataSource = dataSource;
    this.dialect = dialect;
    this.table = table;
    this.timeoutMillis = Math.toIntExact(operationTimeout.toMillis());
    this.releases = releases;
    this.acquireSql = dialect.acquire(table);
    this.extendSql = dialect.extend(table);
    this.releaseSql = dialect.release(table);
    this.readSql = dialect.read(table);
  }

  @Override
  public StoreAttempt tryAcquire(String fullKey, String ownerToken, Duration leaseTime) {
    long leaseMillis = leaseMillis(leaseTime);
    return run(fullKey, acquireSql, timeoutMillis, statement -> {
      bind(statement, fullKey, ownerToken, leaseMillis);
      try (ResultSet row = statement.executeQuery()) {
        row.next();
        long token = row.getLong(1);
        if (!row.wasNull()) {
          return new StoreAttempt.Granted(token);
        }
        long leftMillis = row.getLong(2);
        return row.wasNull() ? StoreAttempt.Held.UNKNOWN
            : new StoreAttempt.Held(TimeUnit.MILLISECONDS.toNanos(Math.max(0, leftMillis)));
      }
    });
  }

  @Override
  public boolean extend(String fullKey, String ownerToken, Duration leaseTime, Duration within) {
    long leaseMillis = leaseMillis(leaseTime);
    return run(fullKey, extendSql, timeoutWithin(within), statement -> {
      bind(statement, fullKey, ownerToken, leaseMillis);
      return affected(statement) == 1;
    });
  }

  @Override
  public boolean release(String fullKey, String ownerToken, Duration within) {
    return run(fullKey, releaseSql, timeoutWithin(within), statement -> {
      statement.setString(1, fullKey);
      statement.setString(2, ownerToken);
      return affected(statement) == 1;
    });
  }

  @Override
  public Clock clock() {
    return Clock.systemUTC(); // display only: every lease deadline is the database's clock
  }

  @Override
  public ReleaseWatch watch(String fullKey) {
    return releases.watch(fullKey);
  }

  /** The lock's row as the database sees it now, for diagnostics and tests; empty when never taken. */
  Optional<LockRow> read(String fullKey) {
    return run(fullKey, readSql, timeoutMillis, statement -> {
      statement.setString(1, fullKey);
      try (ResultSet row = statement.executeQuery()) {
        return row.next() ? Optional.of(new LockRow(fullKey, row.getBoolean(1), row.getLong(2))) : Optional.empty();
      }
    });
  }

  @Override
  public String toString() {
    return "JdbcLeaseStore[" + dialect + ", " + table + "]";
  }

  /**
   * Runs {@code body} on a connection of its own, and again on another when the connection broke
   * under it (never after a timeout, which would only double the wait, nor when the pool had none).
   */
  private <T> T run(String fullKey, String sql, int networkTimeoutMillis, Body<T> body) {
    for (int attempt = 0; ; attempt++) {
      boolean connected = false;
      try (Connection connection = dataSource.getConnection()) {
        connected = true;
        if (!connection.getAutoCommit()) {
          connection.setAutoCommit(true);
        }
        connection.setNetworkTimeout(DIRECT, networkTimeoutMillis);
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
          return body.run(statement);
        }
      } catch (SQLException e) {
        if (!(connected && attempt < RETRIES && JdbcFailures.brokenConnection(e))) {
          throw JdbcFailures.translate(fullKey, table, e);
        }
      }
    }
  }

  /** The operation timeout, cut to what the lease has left: no release or renewal outlives its lease. */
  private int timeoutWithin(Duration within) {
    return (int) Math.max(1, Math.min(timeoutMillis, within.toMillis()));
  }

  /** Binds a take's or an extension's parameters: full key, owner token, lease time in ms. */
  private static void bind(PreparedStatement statement, String fullKey, String ownerToken, long leaseMillis)
      throws SQLException {
    statement.setString(1, fullKey);
    statement.setString(2, ownerToken);
    statement.setLong(3, leaseMillis);
  }

  /** Rows returned or, for a statement that returns none, rows changed. */
  private static int affected(PreparedStatement statement) throws SQLException {
    if (!statement.execute()) {
      return statement.getUpdateCount();
    }
    int rows = 0;
    try (ResultSet result = statement.getResultSet()) {
      while (result.next()) {
        rows++;
      }
    }
    return rows;
  }

  private static long leaseMillis(Duration leaseTime) {
    long millis = leaseTime.toMillis();
    if (millis < 1) {
      throw new IllegalArgumentException("a lease must be at least 1 ms, was " + leaseTime);
    }
    return millis;
  }

  /** One statement's work on its prepared statement. */
  @FunctionalInterface
  private interface Body<T> {
    T run(PreparedStatement statement) throws SQLException;
  }
}
