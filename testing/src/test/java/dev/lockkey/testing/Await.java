package dev.lockkey.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Bounded waiting for a condition: polls, and fails with a message when time runs out. */
final class Await {
  /** Generous: a loaded machine must not fail a test that only waits for something certain. */
  static final Duration PATIENCE = Duration.ofSeconds(30);

  private Await() {}

  static void until(String what, BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + PATIENCE + ": " + what);
      }
      Thread.sleep(10);
    }
  }
}
