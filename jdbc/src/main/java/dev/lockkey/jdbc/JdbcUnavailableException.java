package dev.lockkey.jdbc;

import java.sql.SQLException;

/**
 * The database could not be reached or answered too late: no connection from the
 * {@link javax.sql.DataSource} (refused, pool timed out), a connection broken or past the
 * executor's operation timeout, the server shutting down or out of connections. Nothing is known
 * about the lock's state (a statement may or may not have been applied); a lock taken before
 * stays until its lease ends.
 */
public final class JdbcUnavailableException extends JdbcLockException {
  private static final long serialVersionUID = 1L;

  JdbcUnavailableException(String fullKey, SQLException cause) {
    super("the database is unavailable for " + fullKey + " (SQL state " + cause.getSQLState() + ", "
        + cause.getClass().getSimpleName() + ")", fullKey, cause);
  }
}
