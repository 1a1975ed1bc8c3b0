package dev.lockkey.examples;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/** Runs the demo's workers side by side, with every wait bounded so that a fault ends the demo, not hangs it. */
final class Threads {
  /** Far more than any section needs; only a fault waits this long. */
  static final Duration PATIENCE = Duration.ofSeconds(20);

  private Threads() {}

  /**
   * Runs each task on a thread of its own and waits for all of them.
   *
   * @throws IllegalStateException when a task failed (the first failure is the cause, the others
   *     suppressed) or they did not all end within {@link #PATIENCE}
   */
  static void runAll(List<Runnable> tasks) {
    AtomicReference<RuntimeException> failure = new AtomicReference<>();
    List<Thread> threads = new ArrayList<>();
    for (Runnable task : tasks) {
      Thread thread = new Thread(() -> {
        try {
          task.run();
        } catch (RuntimeException | Error e) {
          RuntimeException wrapped = new IllegalStateException("a worker failed: " + e.getMessage(), e);
          if (!failure.compareAndSet(null, wrapped)) {
            failure.get().addSuppressed(e);
          }
        }
      }, "demo-worker-" + (threads.size() + 1));
      thread.setDaemon(true); // a worker stuck on a fault must not keep the JVM alive
      threads.add(thread);
      thread.start();
    }
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    for (Thread thread : threads) {
      join(thread, deadline);
    }
    if (failure.get() != null) {
      throw failure.get();
    }
  }

  /**
   * Waits until the latch opens.
   *
   * @throws IllegalStateException when it stays closed for {@link #PATIENCE} or the thread is interrupted
   */
  static void await(CountDownLatch latch) {
    try {
      if (!latch.await(PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new IllegalStateException("the other workers did not arrive within " + PATIENCE.toSeconds() + " s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the other workers", e);
    }
  }

  private static void join(Thread thread, long deadlineNanos) {
    try {
      thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime())));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the workers", e);
    }
    if (thread.isAlive()) {
      thread.interrupt();
      throw new IllegalStateException(thread.getName() + " did not finish within " + PATIENCE.toSeconds() + " s");
    }
  }
}
