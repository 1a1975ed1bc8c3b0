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
import java.util.function.Predicate;

/**
 * The store's side of every lease of one executor: a release or an extension is one conditional
 * write per lease, checked against its owner token (leases taken together are released one by
 * one). A lease that ends opens its key's {@link LocalGate}. Thread-safe.
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
    return each(leases, lease -> store.release(lease.fullKey(), lease.ownerToken()));
  }

  @Override
  public boolean[] extend(List<Lease> leases, Duration leaseTime) {
    return each(leases, lease -> store.extend(lease.fullKey(), lease.ownerToken(), leaseTime));
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
   * Runs one conditional write per lease. The interrupt flag is cleared for the writes and set
   * again after them: a client may abandon a call on an interrupted thread (the AWS SDK does), and
   * a release must still reach the store when the work it ends was interrupted.
   */
  private boolean[] each(List<Lease> leases, Predicate<Lease> write) {
    boolean interrupted = Thread.interrupted();
    try {
      boolean[] held = new boolean[leases.size()];
      for (int i = 0; i < held.length; i++) {
        Lease lease = leases.get(i);
        try {
          held[i] = write.test(lease);
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
