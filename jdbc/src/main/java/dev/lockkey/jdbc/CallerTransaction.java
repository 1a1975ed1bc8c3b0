package dev.lockkey.jdbc;

/**
 * The transaction a call joins: the one the calling thread is in, as a transaction manager keeps it
 * (Spring's {@code @Transactional}, whose adapter lockkey-spring-boot-starter brings), or a new one
 * when the thread is in none. {@link JdbcIdempotentCalls#joining} writes its records through it, so
 * that they commit or roll back with the work's own rows.
 */
public interface CallerTransaction {
  /**
   * Runs {@code work} on the connection of the calling thread's transaction (auto-commit off), or
   * in a new transaction that commits when {@code work} returns and rolls back when it throws.
   *
   * @param work what to run on the transaction's connection
   * @param <T> the result type
   * @param <E> the exception the work may throw
   * @return what {@code work} returned
   * @throws E what {@code work} threw, unchanged
   */
  <T, E extends Exception> T join(TransactionalWork<T, E> work) throws E;
}
