package dev.lockkey.jdbc;

import java.sql.Connection;

/**
 * The work of a {@link JdbcIdempotentCalls#run transactional idempotent call}: it writes its rows
 * on the caller's connection, in the caller's transaction, next to the call's record.
 *
 * @param <T> the result type
 * @param <E> the exception the work may throw
 */
@FunctionalInterface
public interface TransactionalWork<T, E extends Exception> {
  /**
   * Runs the work.
   *
   * @param transaction the caller's connection, in its transaction
   * @return the result, stored with the record and replayed to duplicates
   * @throws E when the work failed: the caller rolls back, the record with it
   */
  T run(Connection transaction) throws E;
}
