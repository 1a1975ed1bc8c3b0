package dev.lockkey.redis.ratelimit;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Ids of rate-limit attempts: a random prefix of 96 bits drawn once per limiter, then a counter.
 * An id only has to differ from the ids of every other call that one window or GCRA memory keeps,
 * across all clients; the prefix makes two limiters' ids differ (a collision needs two equal
 * 96-bit draws), the counter makes one limiter's ids differ, and an id costs an increment instead of
 * a draw from {@link SecureRandom} per call. Thread-safe.
 */
final class AttemptIds {
  private final String prefix;
  private final AtomicLong counter = new AtomicLong();

  AttemptIds() {
    byte[] bytes = new byte[12];
    new SecureRandom().nextBytes(bytes);
    this.prefix = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes) + '.';
  }

  /** The next id: the prefix, then the counter in base 36. */
  String next() {
    return prefix + Long.toString(counter.incrementAndGet(), 36);
  }
}
