package dev.lockkey.lock;

/**
 * The thread was interrupted while it waited for a lock. The thread's interrupt flag is set again
 * before this is thrown, and the {@link InterruptedException} is the cause; no lock is held.
 */
public final class LockInterruptedException extends LockException {
  private static final long serialVersionUID = 1L;

  /**
   * A wait interrupted.
   *
   * @param fullKey the Redis key of the lock waited for
   */
  public LockInterruptedException(String fullKey) {
    super("interrupted while waiting for " + fullKey, fullKey, new InterruptedException());
  }
}
