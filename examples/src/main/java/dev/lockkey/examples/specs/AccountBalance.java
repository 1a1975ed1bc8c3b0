package dev.lockkey.examples.specs;

import dev.lockkey.LockKeySpec;

/**
 * The balance of one account. A transfer locks both accounts' balances together
 * ({@code acquireAll}), which also serialises it against any other work on either account.
 */
@LockKeySpec(domain = "account", action = "balance")
public interface AccountBalance {
  String tenant();

  long accountId();
}
