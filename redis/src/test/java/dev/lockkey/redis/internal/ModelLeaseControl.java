package dev.lockkey.redis.internal;

import dev.lockkey.lock.Lease;
import dev.lockkey.lock.StillLeaseControl;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Future;

/**
 * The backend side of the leases in the model checks: its clock stands still (a lease's time never
 * runs out, so only hand-offs end a wait) and it renews nothing. Releases go through the model
 * executor, not through the lease.
 */
final class ModelLeaseControl extends StillLeaseControl {
  static final ModelLeaseControl INSTANCE = new ModelLeaseControl();

  private ModelLeaseControl() {}

  @Override
  public boolean[] release(List<Lease> leases) {
    throw new UnsupportedOperationException("the model executor releases its leases itself");
  }

  @Override
  public boolean[] extend(List<Lease> leases, Duration leaseTime) {
    throw new UnsupportedOperationException("the model leases are not extended");
  }

  @Override
  public void ended(Lease lease, boolean lost) {}

  @Override
  public Future<?> scheduleRenewal(Runnable renewal, long delayNanos) {
    throw new UnsupportedOperationException("the model leases are not renewed");
  }
}
