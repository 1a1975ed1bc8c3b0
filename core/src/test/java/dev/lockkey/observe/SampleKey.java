package dev.lockkey.observe;

import dev.lockkey.LockKey;
import dev.lockkey.SpecDescriptor;

/** A key as a generated class holds it: its spec and its rendered body. */
record SampleKey(SpecDescriptor spec, String canonical) implements LockKey {

  /** The {@code PaymentCapture} key of tenant {@code t42} and this order. */
  static SampleKey payment(long orderId) {
    return new SampleKey(TestSpecs.PAYMENT_CAPTURE, TestSpecs.paymentCapture("t42", orderId));
  }

  /** An {@code OrderState} key. */
  static SampleKey orderState(String name) {
    return new SampleKey(TestSpecs.ORDER_STATE, TestSpecs.orderState(name, "open"));
  }
}
