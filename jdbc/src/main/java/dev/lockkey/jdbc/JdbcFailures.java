package dev.lockkey.jdbc;

import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockInterruptedException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;

/**
 * Turns the driver's and the pool's failures into the store's exceptions, by class and SQL state;
 * a call given up because its thread was interrupted is a {@link LockInterruptedException} (the
 * flag set again).
 */
final class JdbcFailures {
  /** PostgreSQL's undefined_table; MySQL reports 42S02. */
  private static final String NO_TABLE = "42P01";

  private JdbcFailures() {}

  static LockException translate(String fullKey, String table, SQLException failure) {
    if (failure.getCause() instanceof InterruptedException || Thread.currentThread().isInterrupted()) {
      // a pool gives up waiting for a connection on an interrupted thread (HikariCP sets the flag again)
      Thread.currentThread().interrupt();
      LockInterruptedException interrupted = new LockInterruptedException(fullKey);
      interrupted.addSuppressed(failure);
      return interrupted;
    }
    if (unavailable(failure)) {
      return new JdbcUnavailableException(fullKey, failure);
    }
    if (NO_TABLE.equals(failure.getSQLState())) {
      return new JdbcLockException("the lock table " + table + " of " + fullKey
          + " does not exist (create it with JdbcLockTable.create, or the migration in docs/guides/postgresql.md)", fullKey, failure);
    }
    return new JdbcLockException("the database failed on " + fullKey + " (SQL state " + failure.getSQLState()
        + ", " + failure.getClass().getSimpleName() + ")", fullKey, failure);
  }

  /**
   * Whether {@code failure} says that the connection broke (reset, closed, terminated by a server
   * shutting down), not that the database was slow: worth another connection at once.
   */
  static boolean brokenConnection(SQLException failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof SocketTimeoutException || cause instanceof SQLTimeoutException) {
        return false;
      }
    }
    String state = failure.getSQLState() == null ? "" : failure.getSQLState();
    return !Thread.currentThread().isInterrupted() && (state.startsWith("08") || state.startsWith("57P"));
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
