package dev.lockkey.jdbc;

import dev.lockkey.lock.LockException;

/**
 * What the JDBC backend throws when the database failed, under the backend-neutral
 * {@link LockException}; this class itself stands for an unexpected answer (the lock table
 * missing, a permission denied), with the driver's {@link java.sql.SQLException} as the cause.
 * Catch {@link JdbcUnavailableException} to react to a database that could not be reached. A lock
 * held by someone else is no exception: it is an answer.
 *
 * <p>Messages name the full key and the SQL state, never an owner token (nor the driver's message,
 * which may quote a row: read it from the cause).
 */
public class JdbcLockException extends LockException {
  private static final long serialVersionUID = 1L;

  JdbcLockException(String message, String fullKey, Throwable cause) {
    super(message, fullKey, cause);
  }
}
