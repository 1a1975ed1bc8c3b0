package dev.lockkey.redis;

import java.time.Duration;

/** Small conversions of {@link Duration}s used across the executor. */
final class Durations {
  private Durations() {}

  /** A duration as people read it in messages: {@code 250 ms}, {@code 30 s}. */
  static String describe(Duration duration) {
    long millis = duration.toMillis();
    return millis % 1000 == 0 && millis != 0 ? millis / 1000 + " s" : millis + " ms";
  }
}
