package dev.lockkey.dynamodb;

import java.util.OptionalLong;

/**
 * The answer of {@link DynamoLockStore#tryAcquire}: {@link Granted} or {@link Held}, both normal.
 */
public sealed interface AcquireResult {

  /**
   * The lock is now the caller's.
   *
   * @param fencingToken higher than every fencing token issued for this key before
   * @param leaseUntilMillis when the lease runs out, epoch ms by the store's clock, as written to the item
   */
  record Granted(long fencingToken, long leaseUntilMillis) implements AcquireResult {}

  /**
   * Someone else's lease holds the lock (the conditional write failed).
   *
   * @param leaseUntilMillis when that lease runs out unless extended, epoch ms by its writer's
   *     clock, when DynamoDB returned the item with the failure (it does on request; some
   *     DynamoDB-compatible servers do not), else empty
   */
  record Held(OptionalLong leaseUntilMillis) implements AcquireResult {}
}
