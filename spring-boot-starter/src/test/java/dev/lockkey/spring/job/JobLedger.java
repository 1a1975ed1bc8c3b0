package dev.lockkey.spring.job;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * What the test sees of the job's runs, outside the library: per run the instance, the occurrence
 * of the 200 ms schedule it belongs to (on the test JVM's monotonic clock, from the schedulers'
 * grid), and the fencing token the store holds for the lock while it runs (Redis writes it
 * from its own clock, in microseconds, when it grants the lock); and how many runs were ever inside
 * at once. Thread-safe.
 */
final class JobLedger {
  /** One run. */
  record Run(String instance, long occurrence, long storeToken) {}

  private final long firstNanos;
  private final LongSupplier storeToken;
  private final AtomicInteger inside = new AtomicInteger();
  private final AtomicInteger mostInside = new AtomicInteger();
  private final List<Run> runs = new ArrayList<>(); // guarded by this

  /**
   * @param firstNanos a {@link System#nanoTime()} on the grid every instance's schedule follows
   * @param storeToken reads the lock's fencing token from the store
   */
  JobLedger(long firstNanos, LongSupplier storeToken) {
    this.firstNanos = firstNanos;
    this.storeToken = storeToken;
  }

  void run(String instance) {
    mostInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
    try {
      long occurrence = Math.round((System.nanoTime() - firstNanos) / (double) TimeUnit.MILLISECONDS.toNanos(200));
      Run run = new Run(instance, occurrence, storeToken.getAsLong());
      synchronized (this) {
        runs.add(run);
      }
    } finally {
      inside.decrementAndGet();
    }
  }

  synchronized List<Run> runs() {
    return List.copyOf(runs);
  }

  int mostInside() {
    return mostInside.get();
  }
}
