package dev.lockkey.benchmarks.rate;

import dev.lockkey.LockKeySpec;

/** The spec LockKey limits in the rate-limit benchmarks: one named caller. */
@LockKeySpec(domain = "bench", action = "rate")
public interface BenchRate {
  /** The caller's name, e.g. {@code hot}. */
  String name();
}
