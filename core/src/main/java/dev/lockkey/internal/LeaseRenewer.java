package dev.lockkey.internal;

import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The watchdog's threads of one executor, whichever its backend: two daemon threads that run lease
 * renewals (and short housekeeping that never blocks), and one daemon thread for callbacks. Listener methods and
 * {@code onLost} callbacks that the watchdog triggers run on the callback thread, in order, so a
 * callback that blocks (a synchronous alert) delays other callbacks but never a renewal. Deadlines
 * are {@link System#nanoTime()} delays. Not API. Thread-safe.
 */
public final class LeaseRenewer implements AutoCloseable {
  private static final AtomicInteger THREADS = new AtomicInteger();
  /** Set on the renewal threads, so that what they would tell a listener goes to the callback thread. */
  private static final ThreadLocal<Boolean> RENEWAL_THREAD = ThreadLocal.withInitial(() -> false);

  private final ScheduledThreadPoolExecutor renewals;
  private final ThreadPoolExecutor callbacks;

  /**
   * Starts the threads, named {@code <prefix>renewal-N} and {@code <prefix>callback-N}.
   *
   * @param prefix the start of the threads' names, e.g. {@code lockkey-}
   */
  public LeaseRenewer(String prefix) {
    ThreadFactory renewalThreads = daemons(prefix + "renewal-");
    this.renewals = new ScheduledThreadPoolExecutor(2, task -> renewalThreads.newThread(() -> {
      RENEWAL_THREAD.set(true);
      task.run();
    }));
    this.renewals.setRemoveOnCancelPolicy(true);
    this.callbacks = new ThreadPoolExecutor(1, 1, 0, TimeUnit.NANOSECONDS, new LinkedBlockingQueue<>(),
        daemons(prefix + "callback-"));
  }

  /**
   * Runs {@code renewal} after {@code delayNanos} on a renewal thread.
   *
   * @param renewal the renewal
   * @param delayNanos after how long, by {@link System#nanoTime()}
   * @return its future, or {@code null} once closed
   */
  public Future<?> schedule(Runnable renewal, long delayNanos) {
    try {
      return renewals.schedule(renewal, delayNanos, TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException closed) {
      return null;
    }
  }

  /**
   * Runs {@code callback} on the callback thread; dropped once closed. Its exceptions are ignored.
   *
   * @param callback a listener call or a caller's callback
   */
  public void callback(Runnable callback) {
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

  /**
   * Runs {@code callback} here, or on the callback thread when called on a renewal thread.
   *
   * @param callback a listener call or a caller's callback
   */
  public void tell(Runnable callback) {
    if (RENEWAL_THREAD.get()) {
      callback(callback);
    } else {
      callback.run();
    }
  }

  /**
   * The renewal threads, for short periodic housekeeping that never blocks; clean-ups that call
   * the store go to a {@link Housekeeper}.
   */
  public ScheduledExecutorService housekeeping() {
    return renewals;
  }

  /**
   * Stops renewals at once (leases still held then run out by their lease time); callbacks queued
   * already still run.
   */
  @Override
  public void close() {
    renewals.shutdownNow();
    callbacks.shutdown();
  }

  /** Daemon threads named {@code <prefix>N}, N counted across the JVM. */
  static ThreadFactory daemons(String prefix) {
    return task -> {
      Thread thread = new Thread(task, prefix + THREADS.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
