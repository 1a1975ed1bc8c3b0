package dev.lockkey.reliability;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Runs one call on a thread of its own and waits for it: for taking a lock again while this
 * thread still holds a lease the test made stale (locks are not reentrant, so this thread would be
 * refused at once, where another thread of the same executor queues behind the stale lease).
 */
final class OnAnotherThread {
  private OnAnotherThread() {}

  /** What {@code call} returns on another thread, waiting at most {@code atMost}. */
  static <T> T call(Callable<T> call, Duration atMost) throws Exception {
    ExecutorService thread = Executors.newSingleThreadExecutor();
    try {
      return thread.submit(call).get(atMost.toMillis(), TimeUnit.MILLISECONDS);
    } finally {
      thread.shutdownNow();
    }
  }
}
