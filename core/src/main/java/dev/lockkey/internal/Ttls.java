package dev.lockkey.internal;

import dev.lockkey.internal.Durations;
import java.time.Duration;

/** Validation of the times to live that callers pass for the keys of a purpose. Not API. */
public final class Ttls {
  /**
   * The longest time to live: 100 years (36,525 days). Longer ones, "forever" idioms included, are
   * rejected: in milliseconds they would overflow, or overflow Redis' expiry arithmetic.
   */
  public static final Duration MAX = Duration.ofDays(36_525);

  private Ttls() {}

  /**
   * {@code ttl} in whole milliseconds.
   *
   * @param what the parameter's name, for the message
   * @throws IllegalArgumentException naming {@code what} when {@code ttl} is under 1 ms or over {@link #MAX}
   */
  public static long millis(String what, Duration ttl) {
    return Durations.requireMillisBetweenOneAnd(what, ttl, MAX).toMillis();
  }
}
