/**
 * Rate limits, backend-neutral: the definitions ({@link dev.lockkey.ratelimit.RateLimit}), the
 * {@link dev.lockkey.ratelimit.RateLimiter} that applies them, its decisions and its listener. The
 * Redis implementation is {@code dev.lockkey.redis.ratelimit.RedisRateLimiter}.
 */
package dev.lockkey.ratelimit;
