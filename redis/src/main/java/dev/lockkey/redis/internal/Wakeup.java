package dev.lockkey.redis.internal;

import dev.lockkey.lock.LockInterruptedException;
import java.util.concurrent.locks.LockSupport;

/**
 * Wakes one waiting thread: when a lock it waits for is released for it (or for all), when its subscription is
 * confirmed, or when the subscriber lost its connection (so it polls at once). A wake-up that
 * comes before {@link #await} is kept, so none is lost between an attempt and the wait; so is what
 * a release that handed the lock over told.
 */
final class Wakeup {
  private final Thread thread;
  private final String owner;
  private volatile boolean woken;
  private volatile HandoverMessage handover;

  /** A wake-up for the current thread, waiting with owner token {@code owner}. */
  Wakeup(String owner) {
    this(Thread.currentThread(), owner);
  }

  /** A wake-up for {@code thread}, which will wait with owner token {@code owner}. */
  Wakeup(Thread thread, String owner) {
    this.thread = thread;
    this.owner = owner;
  }

  /**
   * Wakes the thread when a release channel's {@code message} is for it ({@link HandoverMessage#isFor}),
   * keeping the handover it tells.
   */
  void wakeIfFor(String message) {
    if (HandoverMessage.isFor(message, owner)) {
      HandoverMessage told = HandoverMessage.parse(message, owner);
      if (told != null) {
        handover = told;
      }
      wake();
    }
  }

  /** The handover a release told since the last {@link #clear}, or {@code null}. */
  HandoverMessage handover() {
    return handover;
  }

  /** Forgets earlier wake-ups and handovers; call before each attempt. */
  void clear() {
    woken = false;
    handover = null;
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
