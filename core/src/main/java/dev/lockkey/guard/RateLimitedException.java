package dev.lockkey.guard;

import dev.lockkey.lock.LockException;
import dev.lockkey.ratelimit.RateDecision;
import java.time.Duration;

/**
 * A {@link RateLimited @RateLimited} call was denied and its method did not run. An HTTP layer maps
 * it to 429 Too Many Requests, with {@link #retryAfter()} as {@code Retry-After}.
 */
public final class RateLimitedException extends LockException {
  private static final long serialVersionUID = 1L;

  private final transient RateDecision decision;

  /**
   * @param fullKey the Redis key of the limit, e.g. {@code rate:prod:{login:attempt:v1:ann}}
   * @param decision the limiter's denial
   */
  public RateLimitedException(String fullKey, RateDecision decision) {
    super(fullKey + " is rate limited; retry after " + decision.retryAfter().toMillis() + " ms", fullKey, null);
    this.decision = decision;
  }

  /** {@return how long until the same call could be admitted, as measured by Redis} */
  public Duration retryAfter() {
    return decision.retryAfter();
  }

  /** {@return the limiter's whole decision} */
  public RateDecision decision() {
    return decision;
  }
}
