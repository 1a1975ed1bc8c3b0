package dev.lockkey.examples.specs;

import dev.lockkey.LockKeySpec;
import dev.lockkey.Secret;

/**
 * Updating a customer found by phone number. The number is personal data: only its HMAC reaches
 * Redis, logs and metrics.
 */
@LockKeySpec(domain = "customer", action = "profile-update")
public interface CustomerProfile {
  String tenant();

  @Secret
  String phone();
}
