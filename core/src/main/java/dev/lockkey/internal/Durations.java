package dev.lockkey.internal;

import java.time.Duration;

/** Small conversions of {@link Duration}s shared by the lock options and the purposes. Not API. */
public final class Durations {
  /** Beyond this many seconds a duration in milliseconds would overflow a long. */
  private static final long MAX_MILLIS_SECONDS = Long.MAX_VALUE / 1000 - 1;

  private Durations() {}

  /** A duration as people read it in messages: {@code 250 ms}, {@code 30 s}; never throws. */
  public static String describe(Duration duration) {
    if (Math.abs(duration.getSeconds()) > MAX_MILLIS_SECONDS) {
      return duration.toString(); // "forever" idioms: no millisecond count fits
    }
    long millis = duration.toMillis();
    return millis % 1000 == 0 && millis != 0 ? millis / 1000 + " s" : millis + " ms";
  }

  /**
   * Checks a duration option: at least 1 ms and at most {@code max}, without overflowing.
   *
   * @param what the option's name, for the message
   * @return {@code value} truncated to whole milliseconds
   * @throws IllegalArgumentException naming {@code what} when out of range
   */
  public static Duration requireMillisBetweenOneAnd(String what, Duration value, Duration max) {
    if (value == null) {
      throw new NullPointerException(what);
    }
    if (value.compareTo(max) > 0) {
      throw new IllegalArgumentException(what + " must be at most " + describe(max) + ", was " + describe(value));
    }
    if (value.isNegative() || value.toMillis() < 1) {
      throw new IllegalArgumentException(what + " must be at least 1 ms, was " + value);
    }
    return Duration.ofMillis(value.toMillis());
  }
}
