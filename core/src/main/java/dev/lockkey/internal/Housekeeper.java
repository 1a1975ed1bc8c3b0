package dev.lockkey.internal;

import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Clean-ups after unknown outcomes. A command that the store may have run, or may run yet (it did
 * not answer: a timeout, a broken connection), may have taken something for an owner token nobody
 * knows; its clean-up undoes that with the token that was sent. It is tried once at once, on the
 * caller's thread, and, while the store still fails, again on this housekeeper's own daemon thread
 * with growing pauses (100 ms, doubling up to 5 s) until the lease the command asked for has
 * passed: by then whatever it took has run out by itself. Never on the threads that renew leases,
 * so a clean-up blocked on an unreachable node delays no renewal. {@link #close() Closed} with its
 * owner; clean-ups still due then are dropped, and what they would have undone runs out by its
 * lease. Deadlines are {@link System#nanoTime()}. Not API. Thread-safe.
 */
public final class Housekeeper implements AutoCloseable {
  /** The first pause between background tries of a clean-up; it doubles. */
  private static final Duration FIRST_PAUSE = Duration.ofMillis(100);
  /** The longest pause between background tries. */
  private static final Duration MAX_PAUSE = Duration.ofSeconds(5);

  /** One try of a clean-up. */
  @FunctionalInterface
  public interface CleanUp {
    /**
     * Tries the clean-up once.
     *
     * @return {@code true} when the store answered (the clean-up is done, or found nothing of its
     *     owner's to undo), {@code false} when it failed again; never throws
     */
    boolean tryOnce();
  }

  /** The background thread, or {@code null} when each clean-up is tried once only. */
  private final ScheduledThreadPoolExecutor background;

  private Housekeeper(ScheduledThreadPoolExecutor background) {
    this.background = background;
  }

  /**
   * A housekeeper with one daemon thread named {@code <prefix>housekeeping-N}, started at the first
   * background try.
   *
   * @param prefix the start of the thread's name, e.g. {@code lockkey-}
   * @return the housekeeper; close it with its owner
   */
  public static Housekeeper start(String prefix) {
    ScheduledThreadPoolExecutor thread =
        new ScheduledThreadPoolExecutor(1, LeaseRenewer.daemons(prefix + "housekeeping-"));
    thread.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    return new Housekeeper(thread);
  }

  /**
   * A housekeeper without a thread, which tries each clean-up once, at once, and never again: for
   * tests of the commands alone.
   *
   * @return the housekeeper
   */
  public static Housekeeper onceOnly() {
    return new Housekeeper(null);
  }

  /**
   * Tries {@code cleanUp} now, here; while it fails, again in the background until {@code lease}
   * from now has passed. Never throws.
   *
   * @param cleanUp the owner-checked undo of the command whose outcome is unknown
   * @param lease how long what the command may have taken lives in the store
   */
  public void cleanUp(CleanUp cleanUp, Duration lease) {
    long untilNanos = System.nanoTime() + lease.toNanos();
    if (!cleanUp.tryOnce()) {
      schedule(cleanUp, untilNanos, FIRST_PAUSE.toNanos());
    }
  }

  private void schedule(CleanUp cleanUp, long untilNanos, long pauseNanos) {
    long left = untilNanos - System.nanoTime();
    if (background == null || left <= 0) {
      return;
    }
    try {
      background.schedule(() -> {
        if (!cleanUp.tryOnce()) {
          schedule(cleanUp, untilNanos, Math.min(pauseNanos * 2, MAX_PAUSE.toNanos()));
        }
      }, Math.min(pauseNanos, left), TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException closed) {
      // closed with its owner: what the command took, if anything, runs out by its lease
    }
  }

  /** Stops the background thread (interrupting a try under way) and drops the clean-ups still due. */
  @Override
  public void close() {
    if (background != null) {
      background.shutdownNow();
    }
  }
}
