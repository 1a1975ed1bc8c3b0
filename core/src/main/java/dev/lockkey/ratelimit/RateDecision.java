package dev.lockkey.ratelimit;

import java.time.Duration;
import java.util.Objects;

/**
 * What a {@link RateLimiter} decided for one call. Durations are measured by the store (the Redis server) from
 * the moment of the decision, so they do not depend on the caller's clock; add them to your own
 * clock for headers such as {@code Retry-After}.
 *
 * @param allowed whether the permits were granted (and counted)
 * @param remaining how many more permits a call right after this one would be granted
 * @param retryAfter zero when allowed; else how long until the same request could be allowed
 * @param resetAfter how long until the limit is fully available again: the end of the fixed window,
 *     or the time a smooth limit needs to refill its burst
 */
public record RateDecision(boolean allowed, long remaining, Duration retryAfter, Duration resetAfter) {

  /**
   * Checks that the numbers are not negative.
   *
   * @param allowed whether the permits were granted (and counted)
   * @param remaining how many more permits a call right after this one would be granted
   * @param retryAfter zero when allowed; else how long until the same request could be allowed
   * @param resetAfter how long until the limit is fully available again: the end of the fixed window, or
   *     the time a smooth limit needs to refill its burst
   */
  public RateDecision {
    Objects.requireNonNull(retryAfter, "retryAfter");
    Objects.requireNonNull(resetAfter, "resetAfter");
    if (remaining < 0 || retryAfter.isNegative() || resetAfter.isNegative()) {
      throw new IllegalArgumentException("remaining, retryAfter and resetAfter must not be negative");
    }
  }
}
