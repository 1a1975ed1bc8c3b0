package dev.lockkey.reliability.specs;

import dev.lockkey.LockKeySpec;
import dev.lockkey.MaxLength;
import dev.lockkey.Secret;

/** Contacting a customer found by phone number: personal data that must never leak. */
@LockKeySpec(domain = "customer", action = "contact")
public interface CustomerContact {
  String tenant();

  @Secret
  @MaxLength(32)
  String phone();
}
