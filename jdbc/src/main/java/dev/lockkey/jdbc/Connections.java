package dev.lockkey.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.Executor;
import javax.sql.DataSource;

/**
 * Runs the backend's statements on connections of their own from the {@link DataSource}, never the
 * caller's transaction (a lock must not wait for, or roll back with, the caller's work): one
 * statement in autocommit, or a few in one short transaction of their own. The connection goes back
 * to the pool right after, so a waiter holds none between its attempts. A statement or transaction
 * whose connection broke (a cut, a restart of the server) runs again on another, up to twice:
 * each finds its own first write if that was applied. Thread-safe.
 */
final class Connections {
  /** pgjdbc applies a network timeout on its own thread; none is needed. */
  private static final Executor DIRECT = Runnable::run;
  /** Runs again after a broken connection: a pool may hand out more connections that a cut broke. */
  private static final int RETRIES = 2;

  private final DataSource dataSource;
  private final String table;

  /**
   * @param dataSource where
   * @param table the table named in failures' messages
   */
  Connections(DataSource dataSource, String table) {
    this.dataSource = dataSource;
    this.table = table;
  }

  /** Runs {@code body} on {@code sql}, prepared on a connection of its own in autocommit. */
  <T> T statement(String fullKey, String sql, int networkTimeoutMillis, Body<T> body) {
    return run(fullKey, networkTimeoutMillis, true, connection -> {
      try (PreparedStatement statement = connection.prepareStatement(sql)) {
        return body.run(statement);
      }
    });
  }

  /**
   * Runs {@code work} in a transaction of its own (read committed: each statement sees what
   * committed before it began) and commits it; a failure rolls it back.
   */
  <T> T transaction(String fullKey, int networkTimeoutMillis, Work<T> work) {
    return run(fullKey, networkTimeoutMillis, false, connection -> {
      int isolation = connection.getTransactionIsolation();
      T result;
      try {
        if (isolation != Connection.TRANSACTION_READ_COMMITTED) {
          connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        }
        result = work.run(connection);
        connection.commit();
      } catch (SQLException | RuntimeException e) {
        rollback(connection, isolation, e);
        throw e;
      }
      restore(connection, isolation);
      return result;
    });
  }

  /**
   * Runs {@code work} on a connection of its own, and again on another when the connection broke
   * under it (never after a timeout, which would only double the wait, nor when the pool had none).
   */
  private <T> T run(String fullKey, int networkTimeoutMillis, boolean autoCommit, Work<T> work) {
    for (int attempt = 0; ; attempt++) {
      boolean connected = false;
      try (Connection connection = dataSource.getConnection()) {
        connected = true;
        if (connection.getAutoCommit() != autoCommit) {
          connection.setAutoCommit(autoCommit);
        }
        connection.setNetworkTimeout(DIRECT, networkTimeoutMillis);
        return work.run(connection);
      } catch (SQLException e) {
        if (!(connected && attempt < RETRIES && JdbcFailures.brokenConnection(e))) {
          throw JdbcFailures.translate(fullKey, table, e);
        }
      }
    }
  }

  /** Rolls back and restores the connection for the pool; what fails meanwhile goes with {@code failure}. */
  private static void rollback(Connection connection, int isolation, Exception failure) {
    try {
      connection.rollback();
      restore(connection, isolation);
    } catch (SQLException broken) {
      failure.addSuppressed(broken); // the server rolls back a transaction whose connection is gone
    }
  }

  /** The connection goes back to the pool at its isolation level, in autocommit as after every statement here. */
  private static void restore(Connection connection, int isolation) throws SQLException {
    if (isolation != Connection.TRANSACTION_READ_COMMITTED) {
      connection.setTransactionIsolation(isolation);
    }
    connection.setAutoCommit(true);
  }

  /** The operation timeout, cut to what the lease has left: no release or renewal outlives its lease. */
  static int within(int timeoutMillis, Duration within) {
    return (int) Math.max(1, Math.min(timeoutMillis, within.toMillis()));
  }

  /** Binds a take's or an extension's parameters: full key, owner token, lease time in ms. */
  static void bind(PreparedStatement statement, String fullKey, String ownerToken, long leaseMillis)
      throws SQLException {
    statement.setString(1, fullKey);
    statement.setString(2, ownerToken);
    statement.setLong(3, leaseMillis);
  }

  /** Rows returned or, for a statement that returns none, rows changed. */
  static int affected(PreparedStatement statement) throws SQLException {
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

  static long leaseMillis(Duration leaseTime) {
    long millis = leaseTime.toMillis();
    if (millis < 1) {
      throw new IllegalArgumentException("a lease must be at least 1 ms, was " + leaseTime);
    }
    return millis;
  }

  /** One statement's work on its prepared statement. */
  @FunctionalInterface
  interface Body<T> {
    T run(PreparedStatement statement) throws SQLException;
  }

  /** Work on a connection. */
  @FunctionalInterface
  interface Work<T> {
    T run(Connection connection) throws SQLException;
  }
}
