package dev.lockkey.internal.store;

import dev.lockkey.internal.LeaseRenewer;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LeaseControl;
import dev.lockkey.lock.LockListener;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Future;

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
    return LeaseWrites.each(renewer, listener, leases, (lease, left) -> store.release(lease.fullKey(), lease.ownerToken(), left));
  }

  @Override
  public boolean[] extend(List<Lease> leases, Duration leaseTime) {
    return LeaseWrites.each(renewer, listener, leases, (lease, left) -> store.extend(lease.fullKey(), lease.ownerToken(), leaseTime, left));
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
}
