package dev.lockkey.ratelimit;

import dev.lockkey.LockKey;
import dev.lockkey.lock.LockException;

/**
 * Applies {@link RateLimit}s to keys, each decision atomic in the store, e.g.
 * {@code dev.lockkey.redis.ratelimit.RedisRateLimiter}:
 *
 * <pre>{@code
 * RateLimiter limiter = RedisRateLimiter.create(redis, Keyspace.of("prod"));
 * RateDecision decision = limiter.tryAcquire(LoginAttemptsKey.of(username, Instant.now()), RateLimit.perKeyWindow(5));
 * if (!decision.allowed()) {
 *   throw new TooManyAttempts(decision.retryAfter());
 * }
 * }</pre>
 *
 * Store failures surface as {@link LockException}s: decide yourself whether to fail open or
 * closed. Implementations are thread-safe.
 */
public interface RateLimiter {
  /**
   * Asks for one permit; see {@link #tryAcquire(LockKey, RateLimit, long)}.
   *
   * @param key the key
   * @param limit the limit to apply
   * @return the decision: granted, or denied with when to retry
   */
  default RateDecision tryAcquire(LockKey key, RateLimit limit) {
    return tryAcquire(key, limit, 1);
  }

  /**
   * Asks for {@code permits} under {@code limit} for {@code key}, in one atomic call: either all are
   * granted and counted, or none (a denial counts nothing). Never waits.
   *
   * @param permits from 1 to {@link RateLimit#capacity()}
   * @param key the key
   * @param limit the limit to apply
   * @return the decision: granted, or denied with when to retry
   * @throws IllegalArgumentException when {@code permits} is out of that range, or the limit does
   *     not fit the key (a {@link RateLimit#perKeyWindow} limit needs one {@code @Window} field, a
   *     {@link RateLimit#smooth} limit none)
   * @throws LockException when the store did not answer
   */
  RateDecision tryAcquire(LockKey key, RateLimit limit, long permits);
}
