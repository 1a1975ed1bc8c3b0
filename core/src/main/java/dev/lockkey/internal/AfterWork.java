package dev.lockkey.internal;

import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockedWork;
import java.lang.System.Logger.Level;

/**
 * Runs a caller's work while its locks are held, then releases them, by one rule: once the work
 * ran, its outcome is what the caller gets. A failure after a successful work (the release, or a
 * purpose's step such as storing a result) never replaces the work's result: a caller told "no
 * lock" would run the work again (a payment captured twice). Such a failure goes to the log
 * ({@code WARNING}, logger named after the executor's package: {@code dev.lockkey.redis},
 * {@code dev.lockkey.dynamodb}) and, where the step reports to the listener (a release does:
 * {@code onError}, from the backend's {@code LeaseControl}), to the listener. A lease found lost
 * by the release is no failure: the lease told the listener ({@code onLeaseLost}) and
 * {@code onLost}. A work's own exception is thrown unchanged, with a release failure added as
 * suppressed. For everything that runs a {@link LockedWork}: {@link LockExecutor}'s
 * {@code withLock}, whatever the backend, and the Redis purposes.
 */
public final class AfterWork {
  private AfterWork() {}

  /** What releases the locks the work held: {@code Lease::release} or {@code MultiLease::release}. */
  @FunctionalInterface
  public interface Release {
    /** Releases; the result (whether all were still held) does not matter here. */
    boolean release();
  }

  /**
   * Runs {@code work} with {@code lease}, then {@code release}, also when the work throws.
   *
   * @param executor the executor that granted the lease: its package names the logger
   * @return what the work returned, whatever the release did
   * @throws E what the work threw, unchanged (a failed release suppressed in it)
   */
  public static <T, E extends Exception> T run(LockExecutor executor, LockedWork<T, E> work, Lease lease,
      Release release) throws E {
    return run(executor.getClass(), work, lease, release);
  }

  /**
   * As {@link #run(LockExecutor, LockedWork, Lease, Release)}, for what grants leases without
   * being a {@link LockExecutor} (permits, read/write locks).
   *
   * @param granter the class that granted the lease: its package names the logger
   */
  public static <T, E extends Exception> T run(Class<?> granter, LockedWork<T, E> work, Lease lease,
      Release release) throws E {
    T result;
    try {
      result = work.run(lease);
    } catch (Throwable failure) {
      try {
        release.release();
      } catch (RuntimeException releaseFailure) {
        failure.addSuppressed(releaseFailure);
      }
      throw failure;
    }
    try {
      release.release();
    } catch (RuntimeException releaseFailure) {
      succeededThenFailed(granter, "releasing the lock", lease.fullKey(), releaseFailure);
    }
    return result;
  }

  /**
   * Logs that {@code step}, after a work that succeeded, failed with {@code failure}: the work's
   * result is returned all the same.
   *
   * @param executor the executor that granted the lease: its package names the logger
   */
  public static void succeededThenFailed(LockExecutor executor, String step, String fullKey,
      RuntimeException failure) {
    succeededThenFailed(executor.getClass(), step, fullKey, failure);
  }

  private static void succeededThenFailed(Class<?> granter, String step, String fullKey, RuntimeException failure) {
    System.getLogger(granter.getPackageName()).log(Level.WARNING, () -> "the work holding " + fullKey
        + " succeeded and its result is returned, but " + step
        + " afterwards failed (a lock not released stays until its lease runs out): " + failure, failure);
  }
}
