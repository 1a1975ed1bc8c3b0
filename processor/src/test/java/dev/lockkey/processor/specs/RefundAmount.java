package dev.lockkey.processor.specs;

import dev.lockkey.LockKeySpec;
import java.math.BigDecimal;

/** A decimal amount: {@code 100.00} and {@code 100} are one key. */
@LockKeySpec(domain = "refund", action = "amount")
public interface RefundAmount {
  String tenant();

  BigDecimal amount();
}
