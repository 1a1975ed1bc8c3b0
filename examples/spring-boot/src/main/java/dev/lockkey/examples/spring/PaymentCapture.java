package dev.lockkey.examples.spring;

import dev.lockkey.LockKeySpec;

/** A payment's capture: one at a time per payment of a tenant, any number across payments. */
@LockKeySpec(domain = "payment", action = "capture")
public interface PaymentCapture {
  String tenant();

  long paymentId();
}
