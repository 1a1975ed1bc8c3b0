package dev.lockkey.examples;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts how many callers are inside a critical section at once, and the most there ever were:
 * what a lock must keep at one. Thread-safe.
 */
final class OverlapCounter {
  private final AtomicInteger inside = new AtomicInteger();
  private final AtomicInteger mostAtOnce = new AtomicInteger();
  private final AtomicInteger completed = new AtomicInteger();

  /** Runs {@code work} counted as one caller inside the section. */
  void inside(Runnable work) {
    mostAtOnce.accumulateAndGet(inside.incrementAndGet(), Math::max);
    try {
      work.run();
      completed.incrementAndGet();
    } finally {
      inside.decrementAndGet();
    }
  }

  /** The most callers that were ever inside at the same time. */
  int mostAtOnce() {
    return mostAtOnce.get();
  }

  /** How many runs completed. */
  int completed() {
    return completed.get();
  }
}
