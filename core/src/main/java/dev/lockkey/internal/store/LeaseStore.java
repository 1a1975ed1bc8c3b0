package dev.lockkey.internal.store;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The narrow interface between the backend-neutral lock machinery of this package (the local gate,
 * the acquire loop, multi-key acquisition, renewal) and a store that keeps one lock per full key
 * with an owner token, a lease deadline and a fencing token: DynamoDB, a relational database. Each
 * operation is one conditional write, checked by the store against the owner token and timed by
 * the store's own rule for "now" (the store says which clock). A lock held by someone else is an
 * answer, never an exception. Not API. Implementations are thread-safe.
 */
public interface LeaseStore {
  /** The least time a release or an extension is given: a lease with less left sends none (1 ms). */
  long MIN_WITHIN_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  /**
   * Takes the lock {@code fullKey} for {@code ownerToken} if it is free or its lease ran out.
   *
   * @param fullKey the lock's full key
   * @param ownerToken the new lease's owner token, unique per lease
   * @param leaseTime how long the lock is kept unless released or extended, at least 1 ms
   * @return granted with a fencing token above every earlier one of the key, or held
   * @throws dev.lockkey.lock.LockException when the store failed
   */
  StoreAttempt tryAcquire(String fullKey, String ownerToken, Duration leaseTime);

  /**
   * Releases the lock if {@code ownerToken}'s lease still holds it, within {@code within}.
   *
   * @param fullKey the lock's full key
   * @param ownerToken the owner token of the lease to release
   * @param within how long the release may take at most: what the lease has left, at least
   *     {@link #MIN_WITHIN_NANOS}; the store cuts its own timeout to it
   * @return whether the lease held the lock (and it is free now)
   * @throws dev.lockkey.lock.LockException when the store failed
   */
  boolean release(String fullKey, String ownerToken, Duration within);

  /**
   * Sets the lease of {@code ownerToken} to run out {@code leaseTime} from now, if it still holds
   * the lock, within {@code within}.
   *
   * @param fullKey the lock's full key
   * @param ownerToken the owner token of the lease to extend
   * @param leaseTime how long from now the lease runs, at least 1 ms
   * @param within how long the extension may take at most: what the lease has left, at least
   *     {@link #MIN_WITHIN_NANOS}; the store cuts its own timeout to it
   * @return whether the lease held the lock (and is extended now)
   * @throws dev.lockkey.lock.LockException when the store failed
   */
  boolean extend(String fullKey, String ownerToken, Duration leaseTime, Duration within);

  /**
   * The wall clock for {@link dev.lockkey.lock.Lease#expiry()} (display only).
   *
   * @return the wall clock for display
   */
  Clock clock();

  /**
   * A watch on {@code fullKey} for one waiting acquisition, opened before its first attempt so that
   * a release between an attempt and the pause after it is not missed. A store that cannot tell a
   * waiter of a release (the default) only sleeps.
   *
   * @param fullKey the lock's full key
   * @return the watch; the acquisition closes it
   */
  default ReleaseWatch watch(String fullKey) {
    return ReleaseWatch.SLEEP;
  }
}
