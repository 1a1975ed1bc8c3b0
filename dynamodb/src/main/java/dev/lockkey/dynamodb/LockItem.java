package dev.lockkey.dynamodb;

import java.time.Instant;

/**
 * A lock item as read from the table (see {@link DynamoLockTable} for the attributes): for
 * diagnostics and tests, never for a decision (it may change right after the read). Its
 * {@code toString()} leaves out the owner token.
 *
 * @param fullKey the partition key
 * @param ownerToken the last lease's owner token (a secret while that lease is held)
 * @param leaseUntilMillis when the last lease runs out, epoch ms by its writer's clock; 0 once released
 * @param createdAtMillis when the last lease was taken, epoch ms by its writer's clock
 * @param fencingToken the last fencing token issued for the key
 * @param expiresAtSeconds the TTL attribute: epoch seconds after which DynamoDB may delete the item
 */
public record LockItem(String fullKey, String ownerToken, long leaseUntilMillis, long createdAtMillis,
    long fencingToken, long expiresAtSeconds) {

  /**
   * Whether a lease holds the lock at {@code nowMillis} by the reader's clock.
   *
   * @param nowMillis the reader's time, epoch ms
   * @return true when the last lease runs out at or after {@code nowMillis}
   */
  public boolean heldAt(long nowMillis) {
    return leaseUntilMillis >= nowMillis;
  }

  @Override
  public String toString() {
    return "LockItem[" + fullKey + ", leaseUntil=" + Instant.ofEpochMilli(leaseUntilMillis) + ", createdAt="
        + Instant.ofEpochMilli(createdAtMillis) + ", fencingToken=" + fencingToken + ", expiresAt="
        + Instant.ofEpochSecond(expiresAtSeconds) + "]";
  }
}
