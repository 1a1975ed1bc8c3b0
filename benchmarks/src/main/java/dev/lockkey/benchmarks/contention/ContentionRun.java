package dev.lockkey.benchmarks.contention;

import dev.lockkey.benchmarks.lock.BlockingLockContender;
import dev.lockkey.benchmarks.lock.HeldLock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Threads of one JVM contending for one key for a fixed time: each one loops lock, a little work,
 * unlock. Mutual exclusion is checked inside the critical section itself: a counter of threads in
 * it must read 1 on the way in and on the way out, whatever the lock claims.
 */
public final class ContentionRun {
  private static final long NO_HOLDER = -1;
  /** Rounds of the small computation done while holding the lock (about a microsecond). */
  private static final int WORK_ROUNDS = 200;
  /** The longest a thread waits for the lock before it counts a timeout and asks again. */
  private static final Duration MAX_WAIT = Duration.ofSeconds(10);

  private final BlockingLockContender locks;
  private final String key;
  private final int threads;
  private final AtomicInteger inside = new AtomicInteger();
  private final AtomicLong lastHolder = new AtomicLong(NO_HOLDER);
  private final AtomicLong overlaps = new AtomicLong();
  // The work result goes here so that the JIT cannot drop the work.
  private volatile long workSink;

  private ContentionRun(BlockingLockContender locks, String key, int threads) {
    this.locks = locks;
    this.key = key;
    this.threads = threads;
  }

  /**
   * Runs {@code threads} threads on {@code key} for {@code duration} and measures them.
   *
   * @throws IllegalStateException when a thread fails or does not stop in time
   */
  public static ContentionResult run(
      BlockingLockContender locks, String key, int threads, Duration duration)
      throws InterruptedException {
    return new ContentionRun(locks, key, threads).measure(duration);
  }

  private ContentionResult measure(Duration duration) throws InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<ThreadRecord>> futures = new ArrayList<>();
      for (int id = 0; id < threads; id++) {
        long threadId = id;
        futures.add(pool.submit(() -> loop(threadId, start, duration)));
      }
      long began = System.nanoTime();
      start.countDown();
      List<ThreadRecord> records = new ArrayList<>();
      long deadline = began + duration.plus(MAX_WAIT).plusSeconds(5).toNanos();
      for (Future<ThreadRecord> future : futures) {
        records.add(await(future, deadline));
      }
      return summarise(records, System.nanoTime() - began);
    } finally {
      pool.shutdownNow();
      if (!pool.awaitTermination(MAX_WAIT.toSeconds(), TimeUnit.SECONDS)) {
        throw new IllegalStateException("contention threads did not stop");
      }
    }
  }

  private ThreadRecord loop(long id, CountDownLatch start, Duration duration)
      throws InterruptedException {
    ThreadRecord record = new ThreadRecord();
    start.await();
    long end = System.nanoTime() + duration.toNanos();
    while (System.nanoTime() < end) {
      long asked = System.nanoTime();
      HeldLock held = locks.acquire(key, MAX_WAIT);
      if (held == null) {
        record.timeouts++;
        continue;
      }
      record.addWait(System.nanoTime() - asked);
      try {
        criticalSection(id, record);
      } finally {
        held.release();
      }
    }
    return record;
  }

  private void criticalSection(long id, ThreadRecord record) {
    if (inside.incrementAndGet() != 1) {
      overlaps.incrementAndGet();
    }
    long previous = lastHolder.getAndSet(id);
    if (previous != NO_HOLDER && previous != id) {
      record.handoffs++;
    }
    long x = id + record.cycles + 1;
    for (int i = 0; i < WORK_ROUNDS; i++) {
      x ^= x << 13;
      x ^= x >>> 7;
      x ^= x << 17;
    }
    workSink = x;
    record.cycles++;
    if (inside.getAndDecrement() != 1) {
      overlaps.incrementAndGet();
    }
  }

  private ContentionResult summarise(List<ThreadRecord> records, long elapsedNanos) {
    long cycles = 0;
    long handoffs = 0;
    long timeouts = 0;
    long slowest = Long.MAX_VALUE;
    long fastest = 0;
    int waitCount = 0;
    for (ThreadRecord record : records) {
      cycles += record.cycles;
      handoffs += record.handoffs;
      timeouts += record.timeouts;
      slowest = Math.min(slowest, record.cycles);
      fastest = Math.max(fastest, record.cycles);
      waitCount += record.waitCount;
    }
    long[] waits = new long[waitCount];
    int at = 0;
    for (ThreadRecord record : records) {
      System.arraycopy(record.waits, 0, waits, at, record.waitCount);
      at += record.waitCount;
    }
    Arrays.sort(waits);
    return new ContentionResult(
        cycles,
        cycles / (elapsedNanos / 1e9),
        percentile(waits, 0.50) / 1e3,
        percentile(waits, 0.99) / 1e3,
        cycles > 1 ? (double) handoffs / (cycles - 1) : 0,
        slowest,
        fastest,
        overlaps.get(),
        timeouts);
  }

  private static double percentile(long[] sorted, double quantile) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int rank = (int) Math.ceil(quantile * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }

  private static ThreadRecord await(Future<ThreadRecord> future, long deadlineNanos)
      throws InterruptedException {
    try {
      return future.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new IllegalStateException("a contention thread did not finish in time", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("a contention thread failed", e.getCause());
    }
  }

  /** What one thread saw; written by that thread only, read after it finished. */
  private static final class ThreadRecord {
    long cycles;
    long handoffs;
    long timeouts;
    long[] waits = new long[1024];
    int waitCount;

    void addWait(long nanos) {
      if (waitCount == waits.length) {
        waits = Arrays.copyOf(waits, waits.length * 2);
      }
      waits[waitCount++] = nanos;
    }
  }
}
