package dev.lockkey.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.reliability.specs.StockAdjustmentKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import java.util.stream.IntStream;

/**
 * Threads of one application that lock random keys until stopped, through one executor, writing
 * to a {@link FencedStore} inside each lock, and that record every call: when it started and
 * ended, and its fencing token or its failure. After a {@link RedisUnavailableException} a thread
 * backs off briefly before it tries again, as an application would.
 */
final class LockingWorkers implements AutoCloseable {
  private static final Duration BACKOFF = Duration.ofMillis(10);

  /**
   * One acquisition attempt and, when it succeeded, the fenced write and the release.
   *
   * @param worker which thread made it
   * @param key the key it locked
   * @param startNanos when it began ({@link System#nanoTime()})
   * @param endNanos when it ended
   * @param token the lease's fencing token, 0 on failure
   * @param rejected whether the fenced store rejected the holder's write
   * @param failure what the call threw, or {@code null}
   */
  record Call(int worker, StockAdjustmentKey key, long startNanos, long endNanos, long token, boolean rejected,
      Exception failure) {
    boolean succeeded() {
      return failure == null;
    }

    long nanos() {
      return endNanos - startNanos;
    }
  }

  private final int threads;
  private final ExecutorService pool;
  private final List<Future<?>> running = new ArrayList<>();
  private final ConcurrentLinkedQueue<Call> calls = new ConcurrentLinkedQueue<>();
  private volatile boolean stop;

  /** Starts {@code threads} threads locking {@code keys} with {@code options}. */
  LockingWorkers(RedisLockExecutor locks, FencedStore store, List<StockAdjustmentKey> keys, LockOptions options,
      int threads) {
    this.threads = threads;
    this.pool = Executors.newFixedThreadPool(threads);
    for (int i = 0; i < threads; i++) {
      int worker = i;
      running.add(pool.submit(() -> work(worker, locks, store, keys, options)));
    }
  }

  /** Every call so far. */
  List<Call> calls() {
    return List.copyOf(calls);
  }

  /** Whether every thread made at least {@code count} calls that match {@code which}. */
  boolean eachMade(int count, Predicate<Call> which) {
    return IntStream.range(0, threads).allMatch(worker ->
        calls.stream().filter(call -> call.worker() == worker && which.test(call)).count() >= count);
  }

  /**
   * Stops the threads and waits for them.
   *
   * @throws AssertionError when a thread is still busy after {@code bound}: it hangs
   */
  void stop(Duration bound) throws Exception {
    stop = true;
    long deadline = System.nanoTime() + bound.toNanos();
    for (Future<?> worker : running) {
      worker.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    }
  }

  /** Stops the threads if {@link #stop} did not, and waits (bounded) until they are gone. */
  @Override
  public void close() throws InterruptedException {
    stop = true;
    pool.shutdownNow();
    assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).as("worker threads ended").isTrue();
  }

  private void work(int worker, RedisLockExecutor locks, FencedStore store, List<StockAdjustmentKey> keys,
      LockOptions options) {
    while (!stop) {
      StockAdjustmentKey key = keys.get(ThreadLocalRandom.current().nextInt(keys.size()));
      long start = System.nanoTime();
      try {
        Lease lease = locks.acquire(key, options);
        boolean rejected = !store.write(key, lease.fencingToken(), "worker-" + worker).accepted();
        lease.release();
        calls.add(new Call(worker, key, start, System.nanoTime(), lease.fencingToken(), rejected, null));
      } catch (RuntimeException e) {
        calls.add(new Call(worker, key, start, System.nanoTime(), 0, false, e));
        if (e instanceof RedisUnavailableException) {
          LockSupport.parkNanos(BACKOFF.toNanos());
        }
      }
    }
  }
}
