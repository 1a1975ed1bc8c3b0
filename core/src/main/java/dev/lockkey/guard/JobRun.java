package dev.lockkey.guard;

import dev.lockkey.LockKey;
import dev.lockkey.internal.AfterWork;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockOptions;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Optional;

/**
 * One call of a {@link ScheduledJob @ScheduledJob} method: take the lock without waiting or skip,
 * run, then hold the lock until {@code holdAtLeast} after its acquisition instead of releasing it.
 *
 * <p>The hold is counted on this process's monotonic clock from the moment the store's grant
 * arrived, which is after the store took the lock, and the rest is handed to the store as a new
 * lease time ({@link Lease#extend}, which sets the expiry from the store's own now, shorter or longer
 * than what was left): the store therefore keeps the lock at least {@code holdAtLeast} after it
 * granted it, whatever the instances' wall clocks say. Only a job that ran longer than that releases.
 */
final class JobRun {
  private static final System.Logger LOG = System.getLogger(JobRun.class.getPackageName());

  private JobRun() {}

  /**
   * Runs {@code call} if the lock of {@code key} is free.
   *
   * @return what the call returned ({@code null}: the method is {@code void}), or {@code null} when skipped
   */
  static Object run(LockExecutor executor, MethodGuard guard, LockKey key, LockOptions options, Duration holdAtLeast,
      Object[] arguments, GuardedCall call) throws Exception {
    Optional<Lease> taken = executor.tryAcquire(key, options);
    if (taken.isEmpty()) {
      LOG.log(Level.DEBUG, () -> "skipped " + guard.methodName() + ": " + key + " is held by another run");
      return null;
    }
    long grantedNanos = System.nanoTime();
    Lease lease = taken.get();
    return AfterWork.run(executor, held -> {
      if (guard.leaseParameter() >= 0) {
        arguments[guard.leaseParameter()] = held;
      }
      return call.proceed();
    }, lease, () -> holdOrRelease(lease, holdAtLeast, grantedNanos));
  }

  /** Sets the lease to end {@code holdAtLeast} after the grant, or releases it when that has passed. */
  private static boolean holdOrRelease(Lease lease, Duration holdAtLeast, long grantedNanos) {
    long keepMillis = (holdAtLeast.toNanos() - (System.nanoTime() - grantedNanos) + 999_999) / 1_000_000;
    if (keepMillis <= 0 || lease.isLost()) {
      return lease.release();
    }
    return lease.extend(Duration.ofMillis(keepMillis)); // rounded up: never shorter than asked
  }
}
