package dev.lockkey.idempotency;

/**
 * The work of an idempotent call, run at most once per key and payload while its record lives.
 *
 * @param <T> the result, stored and replayed to later calls
 * @param <E> what the work may throw
 */
@FunctionalInterface
public interface IdempotentWork<T, E extends Exception> {
  /**
   * Runs the work.
   *
   * @param fencingToken rises with every caller that starts the call (a take-over after a leader
   *     died gets a higher one): pass it to the resource the work writes, so that it can refuse a
   *     leader that lost its lease and still writes
   * @return the result, never {@code null}
   * @throws E when the work fails; the call's options decide whether the failure is stored and
   *     replayed or the work may run again
   */
  T run(long fencingToken) throws E;
}
