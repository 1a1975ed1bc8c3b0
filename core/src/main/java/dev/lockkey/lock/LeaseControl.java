package dev.lockkey.lock;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Future;

/**
 * What a {@link Lease} needs from the backend that granted it: the one narrow interface between the
 * backend-neutral lease and a lock store (Redis today). A backend implements it and hands it to
 * {@link Lease#Lease the lease's constructor}; a test double may implement it in memory. The lease
 * serialises its own calls (release, extension and renewal of one lease never overlap), so an
 * implementation only has to be safe across leases. Implementations are thread-safe.
 */
public interface LeaseControl {
  /**
   * Releases the locks of {@code leases}: leases of one owner granted through this control, in
   * canonical order, releasable in one step (e.g. one round trip).
   *
   * @param leases leases of one owner granted through this control, in canonical order
   * @return per lease, whether its lock was still held and is released now
   * @throws LockException when the store failed, after telling the {@link #listener() listener's}
   *     {@link LockListener#onError onError}: a
   *     {@link LockExecutor#withLock(dev.lockkey.LockKey, LockOptions, LockedWork) withLock} returns
   *     the work's result then, so the listener is where the failure shows; the locks then stay
   *     until their leases run out
   */
  boolean[] release(List<Lease> leases);

  /**
   * Sets the locks of {@code leases} (as for {@link #release}) to run out {@code leaseTime} from now.
   *
   * @param leases leases of one owner granted through this control, in canonical order
   * @param leaseTime the new lease time
   * @return per lease, whether its lock was still held and is extended now
   * @throws LockException when the store failed
   */
  boolean[] extend(List<Lease> leases, Duration leaseTime);

  /**
   * {@code lease} stopped being held, once per lease: released, or found lost. Bookkeeping only
   * (no I/O, no listener): e.g. let the next local waiter try.
   *
   * @param lease the lease that ended
   * @param lost true when found lost, false when released
   */
  void ended(Lease lease, boolean lost);

  /**
   * Runs {@code renewal} after {@code delayNanos} on a renewal thread.
   *
   * @param renewal the renewal to run
   * @param delayNanos the delay in nanoseconds
   * @return a handle to cancel it, or {@code null} when the backend is closed (no more renewals)
   */
  Future<?> scheduleRenewal(Runnable renewal, long delayNanos);

  /**
   * Runs {@code callback} (listener methods, {@link LockOptions#onLost()}) on a thread that is not
   * a renewal thread, so a slow callback never delays another lease's renewal.
   *
   * @param callback what to run
   */
  void callback(Runnable callback);

  /**
   * Who hears of acquisitions, releases, renewals and losses; must not throw.
   *
   * @return who hears of acquisitions, releases, renewals and losses
   */
  LockListener listener();

  /**
   * The monotonic time for lease deadlines, in nanoseconds: {@link System#nanoTime()} outside tests.
   *
   * @return the monotonic time for lease deadlines, in nanoseconds
   */
  long nanoTime();

  /**
   * The wall clock, for {@link Lease#expiry()} only (display): never for a deadline.
   *
   * @return the wall clock, for {@code Lease#expiry()} only (display)
   */
  Clock clock();
}
