package dev.lockkey.processor.specs;

import dev.lockkey.LockKeySpec;
import dev.lockkey.Secret;

/** A {@code @Secret} phone number: the factory and builder take the KeySecret first. */
@LockKeySpec(domain = "phone", action = "verify")
public interface PhoneVerification {
  String tenant();

  @Secret
  String phone();
}
