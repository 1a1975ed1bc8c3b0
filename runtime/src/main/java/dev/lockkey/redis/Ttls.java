package dev.lockkey.redis;

import java.time.Duration;
import java.util.Objects;

/** Validation of the times to live that callers pass for the keys of a purpose. */
final class Ttls {
  private Ttls() {}

  /**
   * {@code ttl} in whole milliseconds.
   *
   * @param what the parameter's name, for the message
   * @throws IllegalArgumentException when {@code ttl} is under 1 ms
   */
  static long millis(String what, Duration ttl) {
    Objects.requireNonNull(ttl, what);
    long millis = ttl.toMillis();
    if (millis < 1) {
      throw new IllegalArgumentException(what + " must be at least 1 ms, was " + ttl);
    }
    return millis;
  }
}
