package dev.lockkey.internal.store;

import dev.lockkey.internal.LeaseRenewer;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LeaseControl;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockListener;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Future;
import java.util.function.BiPredicate;

/**
 * The store's side of every lease of one executor: a release or an extension is one conditional
 * write per lease, checked against its owner token (leases taken together are released one by
 * one). Each write must end within what its lease has left: a lease that ran out sends none, as
 * the store's condition would refuse it, and is not held. A lease that ends opens its key's
 * {@link LocalGate}. Thread-safe.
 */
final class StoreLeaseControl implements LeaseControl {
  private final LeaseStore store;
  private final LeaseRenewer renewer;
  private final LocalGate gate;
  private final LockListener listener;

  StoreLeaseControl(LeaseStore store, LeaseRenewer renewer, LocalGate gate, LockListener listener) {
    this.store = store;
    this.renewer = renewer;
    this.gate = gate;
    this.listener = listener;
  }

  @Override
  public boolean[] release(List<Lease> leases) {
    return each(leases, (lease, left) -> store.release(lease.fullKey(), lease.ownerToken(), left));
  }

  @Override
  public boolean[] extend(List<Lease> leases, Duration leaseTime) {
    return each(leases, (lease, left) -> store.extend(lease.fullKey(), lease.ownerToken(), leaseTime, left));
  }

  @Override
  public void ended(Lease lease, boolean lost) {
    gate.ended(lease); // the next thread of this executor that waits for the key may try
  }

  @Override
  public Future<?> scheduleRenewal(Runnable renewal, long delayNanos) {
    return renewer.schedule(renewal, delayNanos);
  }

  @Override
  public void callback(Runnable callback) {
    renewer.callback(callback);
  }

  @Override
  public LockListener listener() {
    return listener;
  }

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }

  @Override
  public Clock clock() {
    return store.clock();
  }

  /**
   * Runs one conditional write per lease that has time left, given what it has left. The interrupt
   * flag is cleared for the writes and set again after them: a client may abandon a call on an
   * interrupted thread (the AWS SDK does), and a release must still reach the store when the work
   * it ends was interrupted.
   */
  private boolean[] each(List<Lease> leases, BiPredicate<Lease, Duration> write) {
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
