package dev.lockkey.benchmarks;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/** One line per measurement on the console, so a long run shows where it is. */
final class Progress {
  private final PrintStream out;
  private final long started = System.nanoTime();

  Progress(PrintStream out) {
    this.out = out;
  }

  /** Announces the next measurement of {@code part} in {@code round} (0-based) of {@code rounds}. */
  void step(String part, String what, int round, int rounds) {
    out.printf(Locale.ROOT, "[%s] round %d/%d %s: %s%n", elapsed(), round + 1, rounds, part, what);
  }

  /** Announces a measurement that does not repeat per round. */
  void step(String part, String what) {
    out.printf(Locale.ROOT, "[%s] %s: %s%n", elapsed(), part, what);
  }

  private String elapsed() {
    Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
    return String.format(Locale.ROOT, "%02d:%02d", elapsed.toMinutes(), elapsed.toSecondsPart());
  }
}
