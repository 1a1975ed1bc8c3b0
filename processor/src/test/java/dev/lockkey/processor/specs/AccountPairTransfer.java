package dev.lockkey.processor.specs;

import dev.lockkey.LockKeySpec;
import dev.lockkey.Unordered;
import java.util.Set;

/** A transfer locks one key in both directions: {@code transfer:account-pair:v1:1001,9008}. */
@LockKeySpec(domain = "transfer", action = "account-pair")
public interface AccountPairTransfer {
  @Unordered
  Set<String> accounts();
}
