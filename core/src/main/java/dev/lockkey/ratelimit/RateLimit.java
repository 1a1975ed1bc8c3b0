package dev.lockkey.ratelimit;

import dev.lockkey.format.Words;
import dev.lockkey.internal.Ttls;
import java.time.Duration;

/**
 * How often a key may be used: an immutable definition that a {@link RateLimiter} applies.
 *
 * <ul>
 *   <li>{@link #perWindow(long, Duration)}: at most {@code limit} permits per fixed window that opens
 *       with the first admitted call. Cheap and easy to explain, but a burst at the end of one
 *       window and another at the start of the next admit up to twice the limit in a short time.
 *   <li>{@link #perKeyWindow(long)}: the same over a key with a {@link dev.lockkey.Window @Window}
 *       field: the window start is part of the key, so every window is a key of its own.
 *   <li>{@link #smooth(long, Duration, long)}: {@code rate} permits per {@code per}, at most
 *       {@code burst} at once (GCRA): no window edges, so no doubled bursts.
 * </ul>
 *
 * <p>Each definition stores its state under its {@link #purpose()} word ({@code rate} or
 * {@code gcra} by default). Several limits on one key need different purposes, e.g.
 * {@code RateLimit.perWindow(1000, Duration.ofDays(1)).withPurpose("rate-day")}.
 */
public abstract sealed class RateLimit permits FixedWindowLimit, SmoothLimit {
  private final String purpose;

  RateLimit(String purpose) {
    this.purpose = Words.require("purpose", purpose);
  }

  /**
   * At most {@code limit} permits per {@code window}; the window opens with its first admitted call.
   *
   * @param window at least 1 ms, truncated to whole milliseconds
   * @param limit the most permits per window, at least 1
   * @return the limit
   * @throws IllegalArgumentException when {@code limit} is under 1 or {@code window} under 1 ms or over 100 years
   */
  public static FixedWindowLimit perWindow(long limit, Duration window) {
    return new FixedWindowLimit(FixedWindowLimit.DEFAULT_PURPOSE, limit, Ttls.millis("window", window));
  }

  /**
   * At most {@code limit} permits per key, for keys with one {@link dev.lockkey.Window @Window}
   * field: the window comes from that field, e.g. login attempts per user per minute.
   *
   * @param limit the most permits per window, at least 1
   * @return the limit
   * @throws IllegalArgumentException when {@code limit} is under 1
   */
  public static FixedWindowLimit perKeyWindow(long limit) {
    return new FixedWindowLimit(FixedWindowLimit.DEFAULT_PURPOSE, limit, FixedWindowLimit.KEY_WINDOW);
  }

  /**
   * {@code rate} permits per {@code per} on average, up to {@code burst} at once after a quiet
   * period: any span of time {@code L} admits at most {@code burst + rate * L / per} permits.
   *
   * @param rate the permits per {@code per} on average, at least 1
   * @param per the period of {@code rate}
   * @param burst the most permits admitted at once, at least 1
   * @return the limit
   * @throws IllegalArgumentException when {@code rate} or {@code burst} is under 1, when
   *     {@code per} is under 1 ms or over 100 years, or when {@code per / rate} is under a microsecond
   */
  public static SmoothLimit smooth(long rate, Duration per, long burst) {
    return new SmoothLimit(SmoothLimit.DEFAULT_PURPOSE, rate, per, burst);
  }

  /**
   * The purpose word that this limit's keys start with: {@code purpose:env:{body}}.
   *
   * @return the purpose word that this limit's keys start with
   */
  public final String purpose() {
    return purpose;
  }

  /**
   * This limit storing its state under another purpose word, so that several limits can apply to
   * one key.
   *
   * @param purpose the purpose word for this limit's keys
   * @return a copy of this limit under {@code purpose}
   * @throws IllegalArgumentException when {@code purpose} is not a word of the key format
   */
  public abstract RateLimit withPurpose(String purpose);

  /**
   * The most permits one call can be granted: the limit per window, or the burst.
   *
   * @return the most permits one call can be granted
   */
  public abstract long capacity();
}
