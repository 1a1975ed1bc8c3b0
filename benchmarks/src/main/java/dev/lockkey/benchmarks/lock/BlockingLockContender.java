package dev.lockkey.benchmarks.lock;

import java.time.Duration;

/** A contender that can wait for a lock held by someone else, as the contention run needs. */
public interface BlockingLockContender extends LockContender {
  /**
   * Waits up to {@code maxWait} for {@code key}, by whatever means the library waits.
   *
   * @return the held lock, or {@code null} when {@code maxWait} passed first
   */
  HeldLock acquire(String key, Duration maxWait) throws InterruptedException;
}
