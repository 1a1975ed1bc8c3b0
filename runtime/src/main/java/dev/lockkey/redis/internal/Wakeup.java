package dev.lockkey.redis.internal;

import dev.lockkey.lock.LockInterruptedException;
import java.util.concurrent.locks.LockSupport;

/**
 * Wakes one waiting thread: when a lock it waits for is released, when its subscription is
 * confirmed, or when the subscriber lost its connection (so it polls at once). A wake-up that
 * comes before {@link #await} is kept, so none is lost between an attempt and the wait.
 */
final class Wakeup {
  private final Thread thread = Thread.currentThread();
  private volatile boolean woken;

  /** Forgets earlier wake-ups; call before each attempt. */
  void clear() {
    woken = false;
  }

  /** Wakes the thread, now or at its next {@link #await}. */
  void wake() {
    woken = true;
    LockSupport.unpark(thread);
  }

  /**
   * Waits until woken or {@code nanos} passed.
   *
   * @return whether it was woken
   * @throws LockInterruptedException when the thread is interrupted (its flag is set again)
   */
  boolean await(long nanos, String fullKey) {
    long deadline = System.nanoTime() + nanos;
    while (!woken) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      LockSupport.parkNanos(this, left);
      if (Thread.interrupted()) {
        Thread.currentThread().interrupt();
        throw new LockInterruptedException(fullKey);
      }
    }
    return true;
  }
}
