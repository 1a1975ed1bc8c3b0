package dev.lockkey.processor.specs;

import dev.lockkey.LockKeySpec;

/** The contract's first golden spec: {@code payment:capture:v1:t42:98765}. */
@LockKeySpec(domain = "payment", action = "capture")
public interface PaymentCapture {
  String tenant();

  long orderId();
}
