package dev.lockkey.lock;


/**
 * Work done while holding a lock, for
 * {@link LockExecutor#withLock(dev.lockkey.LockKey, LockOptions, LockedWork)}. It receives the
 * lease, e.g. to pass its fencing token on. A checked exception it throws passes through
 * {@code withLock} unchanged: the compiler infers {@code E} from the lambda ({@code RuntimeException}
 * when it throws none).
 *
 * @param <T> the result
 * @param <E> the checked exception the work may throw
 */
@FunctionalInterface
public interface LockedWork<T, E extends Exception> {
  /**
   * Does the work while the lock is held.
   *
   * @param lease the lease held while the work runs
   * @return the work's result
   * @throws E when the work fails
   */
  T run(Lease lease) throws E;
}
