package dev.lockkey.ratelimit;

import dev.lockkey.LockKey;

/**
 * Hears what a {@link RateLimiter} denies, e.g. to count denials
 * ({@code dev.lockkey.observe.MicrometerLockListener} is one). Must be quick and thread-safe; an
 * exception it throws is ignored.
 */
public interface RateLimitListener {
  /** A listener that does nothing. */
  RateLimitListener NONE = key -> {};

  /**
   * A {@link RateLimiter} denied permits for the key.
   *
   * @param key the key
   */
  void onRateLimited(LockKey key);
}
