package dev.lockkey.benchmarks.guard;

import dev.lockkey.benchmarks.keys.PaymentCapture;
import dev.lockkey.guard.Locked;
import dev.lockkey.lock.Lease;

/** The guarded method measured: its generated {@code CaptureServiceGuards} builds the key. */
public class CaptureService {

  /** Returns the fencing token, the least work a locked method does with its lease. */
  @Locked(PaymentCapture.class)
  public long capture(String tenant, long orderId, Lease lease) {
    return lease.fencingToken();
  }
}
