package dev.lockkey.examples.specs;

import dev.lockkey.LockKeySpec;

/** Capturing the payment of one order: at most one capture per tenant and order at a time. */
@LockKeySpec(domain = "payment", action = "capture")
public interface PaymentCapture {
  /** The tenant: without it, tenants with equal order numbers would block each other. */
  String tenant();

  long orderId();
}
