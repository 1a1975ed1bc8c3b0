package dev.lockkey.redis.ratelimit;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * What a {@link RateLimiter} decided for one call. Durations are measured by the Redis server from
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

  /** Reads a limit script's reply {@code {allowed, remaining, retryAfter, resetAfter}}, durations in {@code unit}. */
  static RateDecision fromReply(Object reply, TimeUnit unit) {
    List<?> values = (List<?>) reply;
    return new RateDecision(
        (Long) values.get(0) == 1L,
        (Long) values.get(1),
        Duration.of((Long) values.get(2), unit.toChronoUnit()),
        Duration.of((Long) values.get(3), unit.toChronoUnit()));
  }
}
