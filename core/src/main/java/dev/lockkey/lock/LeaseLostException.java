package dev.lockkey.lock;

/**
 * A lease is no longer known to be held: a renewal or extension found the lock gone or owned by
 * someone else, or its lease ran out. Thrown by {@link Lease#checkHeld()}; everything else reports
 * a loss by a return value, {@link Lease#isLost()} and {@link LockOptions.Builder#onLost}.
 */
public final class LeaseLostException extends LockException {
  private static final long serialVersionUID = 1L;

  /**
   * A lease found not held.
   *
   * @param fullKey the Redis key of the lock
   * @param reason why it is not held
   */
  public LeaseLostException(String fullKey, String reason) {
    super("the lease on " + fullKey + " is no longer held: " + reason, fullKey, null);
  }
}
