package dev.lockkey.dynamodb;

import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The watchdog's threads of one executor: two daemon threads that run lease renewals, and one
 * daemon thread for the callbacks they trigger (listener methods, {@code onLost}), in order, so a
 * callback that blocks never delays a renewal. Delays are {@link System#nanoTime()} delays. The
 * same arrangement as the Redis executor's. Thread-safe.
 */
final class RenewalThreads implements AutoCloseable {
  private static final AtomicInteger THREADS = new AtomicInteger();
  /** Set on the renewal threads, so that what they would tell a listener goes to the callback thread. */
  private static final ThreadLocal<Boolean> RENEWAL_THREAD = ThreadLocal.withInitial(() -> false);

  private final ScheduledThreadPoolExecutor renewals;
  private final ThreadPoolExecutor callbacks;

  RenewalThreads() {
    ThreadFactory renewalThreads = daemons("lockkey-dynamodb-renewal-");
    this.renewals = new ScheduledThreadPoolExecutor(2, task -> renewalThreads.newThread(() -> {
      RENEWAL_THREAD.set(true);
      task.run();
    }));
    this.renewals.setRemoveOnCancelPolicy(true);
    this.callbacks = new ThreadPoolExecutor(1, 1, 0, TimeUnit.NANOSECONDS, new LinkedBlockingQueue<>(),
        daemons("lockkey-dynamodb-callback-"));
  }

  /**
   * Runs {@code renewal} after {@code delayNanos} on a renewal thread.
   *
   * @return its future, or {@code null} once closed
   */
  Future<?> schedule(Runnable renewal, long delayNanos) {
    try {
      return renewals.schedule(renewal, delayNanos, TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException closed) {
      return null;
    }
  }

  /** Runs {@code callback} on the callback thread; dropped once closed. Its exceptions are ignored. */
  void callback(Runnable callback) {
    try {
      callbacks.execute(() -> {
        try {
          callback.run();
        } catch (RuntimeException ignored) {
          // a caller's callback must not end the callback thread, nor reach the renewals
        }
      });
    } catch (RejectedExecutionException closed) {
      // closed: like renewals, callbacks end with the executor
    }
  }

  /** Runs {@code callback} here, or on the callback thread when called on a renewal thread. */
  void tell(Runnable callback) {
    if (RENEWAL_THREAD.get()) {
      callback(callback);
    } else {
      callback.run();
    }
  }

  /** Stops renewals at once (leases still held then run out); callbacks queued already still run. */
  @Override
  public void close() {
    renewals.shutdownNow();
    callbacks.shutdown();
  }

  private static ThreadFactory daemons(String prefix) {
    return task -> {
      Thread thread = new Thread(task, prefix + THREADS.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
