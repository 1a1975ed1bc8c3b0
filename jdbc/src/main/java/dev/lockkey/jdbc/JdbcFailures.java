package dev.lockkey.jdbc;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;

/** Turns the driver's and the pool's failures into the store's exceptions, by class and SQL state. */
final class JdbcFailures {
  /** PostgreSQL's undefined_table; MySQL reports 42S02. */
  private static final String NO_TABLE = "42P01";

  private JdbcFailures() {}

  static JdbcLockException translate(String fullKey, String table, SQLException failure) {
    if (unavailable(failure)) {
      return new JdbcUnavailableException(fullKey, failure);
    }
    if (NO_TABLE.equals(failure.getSQLState())) {
      return new JdbcLockException("the lock table " + table + " of " + fullKey
          + " does not exist (create it with JdbcLockTable.create, or the migration in the README)", fullKey, failure);
    }
    return new JdbcLockException("the database failed on " + fullKey + " (SQL state " + failure.getSQLState()
        + ", " + failure.getClass().getSimpleName() + ")", fullKey, failure);
  }

  /**
   * No answer: a connection that could not be had or broke (SQL state class 08), a timeout, the
   * server shutting down (57P01 to 57P03) or out of resources (class 53).
   */
  private static boolean unavailable(SQLException failure) {
    String state = failure.getSQLState() == null ? "" : failure.getSQLState();
    return failure instanceof SQLTransientConnectionException || failure instanceof SQLNonTransientConnectionException
        || failure instanceof SQLRecoverableException || failure instanceof SQLTimeoutException
        || state.startsWith("08") || state.startsWith("57P") || state.startsWith("53");
  }
}
