package dev.lockkey.lock;

import dev.lockkey.internal.Durations;
import java.time.Duration;

/** The lock was not acquired within the wait time: someone else held it all along. */
public final class LockTimeoutException extends LockException {
  private static final long serialVersionUID = 1L;

  /** How long the caller was prepared to wait. */
  private final Duration waitTime;

  /**
   * A wait that ran out.
   *
   * @param fullKey the Redis key of the lock waited for
   * @param waitTime how long the caller waited
   */
  public LockTimeoutException(String fullKey, Duration waitTime) {
    super(fullKey + " was not acquired within " + Durations.describe(waitTime) + ": another holder kept it",
        fullKey, null);
    this.waitTime = waitTime;
  }

  /**
   * How long the caller was prepared to wait.
   *
   * @return how long the caller was prepared to wait
   */
  public Duration waitTime() {
    return waitTime;
  }
}
