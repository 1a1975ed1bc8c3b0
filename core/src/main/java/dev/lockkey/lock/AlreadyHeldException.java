package dev.lockkey.lock;

/**
 * The calling thread asked, with a wait, for a lock that it holds itself already in the same
 * executor. Locks are not reentrant: waiting could only end when the thread's own lease runs out,
 * so the call fails at once instead of waiting its wait time and blaming another holder. Use the
 * lease the thread holds, or release it before acquiring again. ({@code tryAcquire} does not throw
 * this: it answers empty, as for any held lock, which is what "run at most once per lease" needs.)
 * A programming error, not an outage: retrying does not help.
 */
public final class AlreadyHeldException extends LockException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception; its message names the key and says what to do instead.
   *
   * @param fullKey the Redis key (or the backend's full key) of the lock the thread holds already
   */
  public AlreadyHeldException(String fullKey) {
    super(fullKey + " is held by this thread already, in this executor: locks are not reentrant; use the lease"
        + " it holds, or release it before acquiring again", fullKey, null);
  }
}
