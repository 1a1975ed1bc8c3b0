package dev.lockkey.lock;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntFunction;

/** Runs tasks on threads of their own, released together, and collects their results. */
public final class Concurrently {
  private Concurrently() {}

  /**
   * Runs {@code count} tasks made by {@code task} (given their index), all starting at once, and
   * returns their results in index order. Fails with the first task's failure; every thread is
   * stopped before this returns.
   */
  public static <T> List<T> run(int count, IntFunction<Callable<T>> task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(count);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<T>> futures = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        Callable<T> body = task.apply(i);
        futures.add(pool.submit(() -> {
          start.await();
          return body.call();
        }));
      }
      start.countDown();
      List<T> results = new ArrayList<>();
      for (Future<T> future : futures) {
        results.add(unwrap(future));
      }
      return results;
    } finally {
      pool.shutdownNow();
      if (!pool.awaitTermination(10, TimeUnit.SECONDS)) {
        throw new IllegalStateException("test threads did not stop");
      }
    }
  }

  private static <T> T unwrap(Future<T> future) throws Exception {
    try {
      return future.get(60, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Exception cause) {
        throw cause;
      }
      throw e;
    } catch (TimeoutException e) {
      throw new AssertionError("a concurrent task did not finish within 60 s", e);
    }
  }
}
