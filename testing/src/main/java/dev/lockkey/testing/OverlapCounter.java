package dev.lockkey.testing;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Counts the threads inside a critical section at once and remembers the most there ever were:
 * run the section's body through {@link #call} (or between {@link #enter()} and closing what it
 * returns) and assert {@link #assertNoOverlap()} after many threads ran it.
 *
 * <pre>{@code
 * OverlapCounter overlap = new OverlapCounter();
 * // in the critical section, e.g. in a test double the section calls:
 * boolean written = overlap.call(() -> ledger.write(fencingToken, amount));
 * // after the threads ended:
 * overlap.assertNoOverlap();
 * }</pre>
 *
 * <p>Overlap is what a lease cannot rule out when a holder pauses past it: there, assert that the
 * fenced resource refused the stale write instead. Thread-safe.
 */
public final class OverlapCounter {
  private final AtomicInteger current = new AtomicInteger();
  private final AtomicInteger max = new AtomicInteger();
  private final AtomicLong entries = new AtomicLong();

  /** A counter that has seen no one inside. */
  public OverlapCounter() {}

  /**
   * Counts the calling thread in; closing the result counts it out.
   *
   * @return the handle that counts the thread out when closed, once
   */
  public Inside enter() {
    entries.incrementAndGet();
    max.accumulateAndGet(current.incrementAndGet(), Math::max);
    return new Inside(this);
  }

  /**
   * Runs {@code section} counted in, and counts the thread out when it returns or throws.
   *
   * @param section the body of the critical section
   * @param <T> the type of its result
   * @return what {@code section} returned
   */
  public <T> T call(Supplier<T> section) {
    Inside in = enter();
    try {
      return section.get();
    } finally {
      in.close();
    }
  }

  /**
   * How many threads are inside now.
   *
   * @return the count
   */
  public int current() {
    return current.get();
  }

  /**
   * The most threads that were inside at once.
   *
   * @return 0 before the first {@link #enter()}, 1 while there was never an overlap
   */
  public int max() {
    return max.get();
  }

  /**
   * How many times a thread entered.
   *
   * @return the count
   */
  public long entries() {
    return entries.get();
  }

  /**
   * Fails if two threads were ever inside at once.
   *
   * @throws AssertionError saying how many were inside at most
   */
  public void assertNoOverlap() {
    if (max() > 1) {
      throw new AssertionError("up to " + max() + " threads were inside the critical section at once ("
          + entries() + " entries)");
    }
  }

  @Override
  public String toString() {
    return "OverlapCounter[max=" + max() + ", current=" + current() + ", entries=" + entries() + "]";
  }

  /** One thread's stay inside; {@link #close()} counts it out. */
  public static final class Inside implements AutoCloseable {
    private final OverlapCounter counter;
    private final AtomicBoolean closed = new AtomicBoolean();

    private Inside(OverlapCounter counter) {
      this.counter = counter;
    }

    /** Counts the thread out; a second call does nothing. */
    @Override
    public void close() {
      if (closed.compareAndSet(false, true)) {
        counter.current.decrementAndGet();
      }
    }
  }
}
