package dev.lockkey.lock;

import dev.lockkey.internal.Durations;
import java.time.Duration;

/** The lock was not acquired within the wait time: someone else held it all along. */
public final class LockTimeoutException extends LockException {
  private static final long serialVersionUID = 1L;

  private final Duration waitTime;

  public LockTimeoutException(String fullKey, Duration waitTime) {
    super(fullKey + " was not acquired within " + Durations.describe(waitTime) + ": another holder kept it",
        fullKey, null);
    this.waitTime = waitTime;
  }

  /** How long the caller was prepared to wait. */
  public Duration waitTime() {
    return waitTime;
  }
}
