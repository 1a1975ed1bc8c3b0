package dev.lockkey.spring.web;

import dev.lockkey.LockKeySpec;
import dev.lockkey.Secret;

/** Lookups of a customer by e-mail address, which a key holds only as its HMAC digest. */
@LockKeySpec(domain = "customer", action = "lookup")
public interface CustomerLookup {
  @Secret
  String email();
}
