package dev.lockkey.redis;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Bounded waiting for a condition in tests: polls, and fails with a message when time runs out. */
public final class RedisAwait {
  private RedisAwait() {}

  public static void until(String what, Duration atMost, BooleanSupplier condition) {
    long deadline = System.nanoTime() + atMost.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + atMost + ": " + what);
      }
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted while waiting until " + what, e);
      }
    }
  }
}
