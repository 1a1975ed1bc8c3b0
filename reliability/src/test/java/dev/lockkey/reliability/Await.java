package dev.lockkey.reliability;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Bounded waiting for a condition: polls, and fails with a message when time runs out. */
final class Await {
  private Await() {}

  static void until(String what, Duration atMost, BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + atMost.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + atMost + ": " + what);
      }
      Thread.sleep(10);
    }
  }
}
