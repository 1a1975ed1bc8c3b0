package dev.lockkey.internal.store;

/** The answer of {@link LeaseStore#tryAcquire}: {@link Granted} or {@link Held}, both normal. Not API. */
public sealed interface StoreAttempt {

  /**
   * The lock is now the caller's.
   *
   * @param fencingToken higher than every fencing token issued for this key before
   */
  record Granted(long fencingToken) implements StoreAttempt {}

  /**
   * Someone else's lease holds the lock.
   *
   * @param holderLeftNanos how long that lease has left unless extended, as the store told, or
   *     {@link Long#MAX_VALUE} when it did not
   */
  record Held(long holderLeftNanos) implements StoreAttempt {
    /** A holder whose lease the store did not tell. */
    public static final Held UNKNOWN = new Held(Long.MAX_VALUE);
  }
}
