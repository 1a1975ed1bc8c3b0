package dev.lockkey.dynamodb;

import dev.lockkey.internal.store.LeaseStore;
import dev.lockkey.internal.store.StoreAttempt;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A {@link DynamoLockStore} as the backend-neutral lock machinery sees it. DynamoDB returns the
 * holder's {@code lease_until} by its writer's wall clock; the time it has left is counted here by
 * this store's clock (DynamoDB's design assumes the clients' clocks agree).
 */
final class DynamoLeaseStore implements LeaseStore {
  private final DynamoLockStore store;

  DynamoLeaseStore(DynamoLockStore store) {
    this.store = store;
  }

  @Override
  public StoreAttempt tryAcquire(String fullKey, String ownerToken, Duration leaseTime) {
    AcquireResult result = store.tryAcquire(fullKey, ownerToken, leaseTime);
    if (result instanceof AcquireResult.Granted granted) {
      return new StoreAttempt.Granted(granted.fencingToken());
    }
    AcquireResult.Held held = (AcquireResult.Held) result;
    return held.leaseUntilMillis().isPresent()
        ? new StoreAttempt.Held(TimeUnit.MILLISECONDS.toNanos(held.leaseUntilMillis().getAsLong() - clock().millis()))
        : StoreAttempt.Held.UNKNOWN;
  }

  @Override
  public boolean release(String fullKey, String ownerToken, Duration within) {
    return store.release(fullKey, ownerToken, within);
  }

  @Override
  public boolean extend(String fullKey, String ownerToken, Duration leaseTime, Duration within) {
    return store.extend(fullKey, ownerToken, leaseTime, within);
  }

  @Override
  public Clock clock() {
    return store.clock();
  }
}
