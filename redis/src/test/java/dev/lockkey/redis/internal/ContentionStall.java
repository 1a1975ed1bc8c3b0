package dev.lockkey.redis.internal;

import dev.lockkey.LockKey;
import dev.lockkey.lock.LockListener;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A listener that holds a thread in its next {@link #onContended} until a moment the thread chose
 * before acquiring: a waiter descheduled, in a GC pause or on a slow path right after it found the
 * lock held, while the release it waits for happens and its message waits to be read. Thread-safe.
 */
final class ContentionStall implements LockListener {
  private final ThreadLocal<Long> until = new ThreadLocal<>();
  private final AtomicInteger stalled = new AtomicInteger();

  /**
   * The calling thread's next {@code onContended} returns no earlier than {@code untilNanos}
   * ({@link System#nanoTime()}).
   */
  void stallNextUntil(long untilNanos) {
    until.set(untilNanos);
  }

  /** The calling thread's stall, if it did not stall yet, is called off (its acquire found the lock free). */
  void cancel() {
    until.remove();
  }

  /** How many times a thread stalled here. */
  int stalled() {
    return stalled.get();
  }

  @Override
  public void onContended(LockKey key) {
    Long untilNanos = until.get();
    if (untilNanos == null) {
      return;
    }
    until.remove();
    stalled.incrementAndGet();
    for (long left = untilNanos - System.nanoTime(); left > 0; left = untilNanos - System.nanoTime()) {
      LockSupport.parkNanos(this, left); // an interrupt ends the stall: the acquire then sees it
      if (Thread.currentThread().isInterrupted()) {
        return;
      }
    }
  }
}
