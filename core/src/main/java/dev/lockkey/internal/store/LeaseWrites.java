package dev.lockkey.internal.store;

import dev.lockkey.internal.LeaseRenewer;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockListener;
import java.time.Duration;
import java.util.List;
import java.util.function.BiPredicate;

/**
 * The releases and extensions of a store's leases, whichever the store's shape (one lock per key,
 * or several holders per key): each lease's write is given what the lease has left, and a lease
 * that ran out sends none. Not API.
 */
public final class LeaseWrites {
  private LeaseWrites() {}

  /**
   * Runs one conditional write per lease that has time left, given what it has left. The interrupt
   * flag is cleared for the writes and set again after them: a client may abandon a call on an
   * interrupted thread (the AWS SDK does), and a release must still reach the store when the work
   * it ends was interrupted. A failure goes to {@code listener}'s {@code onError} (on the callback
   * thread when this is a renewal thread) and is thrown.
   *
   * @param renewer the renewal threads of the leases' backend
   * @param listener who hears of a failure
   * @param leases the leases, of one owner
   * @param write the write of one lease, given what it has left; whether it held
   * @return per lease, whether it held
   */
  public static boolean[] each(LeaseRenewer renewer, LockListener listener, List<Lease> leases,
      BiPredicate<Lease, Duration> write) {
    boolean interrupted = Thread.interrupted();
    try {
      boolean[] held = new boolean[leases.size()];
      for (int i = 0; i < held.length; i++) {
        Lease lease = leases.get(i);
        long leftNanos = lease.remainingNanos();
        if (leftNanos < LeaseStore.MIN_WITHIN_NANOS) {
          continue; // ran out: no request may outlive its lease, and the store's condition would refuse it
        }
        try {
          held[i] = write.test(lease, Duration.ofNanos(leftNanos));
        } catch (LockException e) {
          renewer.tell(() -> listener.onError(lease.key(), e)); // off a renewal thread when a renewal failed
          throw e;
        }
      }
      return held;
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
