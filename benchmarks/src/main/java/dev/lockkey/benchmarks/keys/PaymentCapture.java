package dev.lockkey.benchmarks.keys;

import dev.lockkey.LockKeySpec;

/** The spec whose key body every rendering method builds; the processor generates its key class. */
@LockKeySpec(domain = "payment", action = "capture")
public interface PaymentCapture {
  /** The tenant, free text. */
  String tenant();

  /** The order number. */
  long orderId();
}
