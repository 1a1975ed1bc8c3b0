package dev.lockkey.examples.specs;

import dev.lockkey.LockKeySpec;
import dev.lockkey.Unordered;
import java.util.Set;

/**
 * A transfer between two accounts. A->B and B->A must lock the same key, or two opposite
 * transfers could each lock "their" direction and both run.
 */
@LockKeySpec(domain = "transfer", action = "account-pair")
public interface AccountTransfer {
  String tenant();

  @Unordered
  Set<Long> accounts();
}
