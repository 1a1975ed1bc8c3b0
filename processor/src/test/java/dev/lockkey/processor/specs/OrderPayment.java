package dev.lockkey.processor.specs;

import dev.lockkey.LockKeySpec;

/** A template layout: {@code order:98765:pay:v3}. */
@LockKeySpec(domain = "order", action = "pay", version = 3, template = "order:{orderId}:pay:{version}")
public interface OrderPayment {
  long orderId();
}
