package dev.lockkey.ratelimit;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.LockKey;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * At most {@link #limit()} permits per window, counted in {@code rate:env:{body}} (on Redis by one
 * script: increment, and set the expiry on the window's first hit). Built by
 * {@link RateLimit#perWindow(long, Duration)} or {@link RateLimit#perKeyWindow(long)}. Immutable.
 *
 * <p>The ids of the window's admitted calls live next to the counter, in
 * {@code attempts:rate:env:{body}}, and expire with it (at most {@link #limit()} ids): a call sent
 * twice by the client (a retry after a timeout) counts once.
 *
 * <p>With a window of its own, the window opens with the first admitted call and the counter
 * expires when it ends. With the key's window ({@link #window()} empty), the key's
 * {@link dev.lockkey.Window @Window} field already holds the window start, so each window counts
 * in a key of its own and no window arithmetic is needed here: the counter only gets the field's
 * window length as time to live, which outlasts the window however late in it the first call came.
 */
public final class FixedWindowLimit extends RateLimit {
  static final String DEFAULT_PURPOSE = "rate";
  /** Marks a limit whose window comes from the key's {@code @Window} field. */
  static final long KEY_WINDOW = 0;

  private final long limit;
  private final long windowMillis;

  FixedWindowLimit(String purpose, long limit, long windowMillis) {
    super(purpose);
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, was " + limit);
    }
    this.limit = limit;
    this.windowMillis = windowMillis;
  }

  /**
   * The most permits per window.
   *
   * @return the most permits per window
   */
  public long limit() {
    return limit;
  }

  /**
   * The window length, or empty when the window comes from the key's {@code @Window} field.
   *
   * @return the window length, or empty when the window comes from the key's {@code @Window} field
   */
  public Optional<Duration> window() {
    return windowMillis == KEY_WINDOW ? Optional.empty() : Optional.of(Duration.ofMillis(windowMillis));
  }

  @Override
  public FixedWindowLimit withPurpose(String purpose) {
    return new FixedWindowLimit(purpose, limit, windowMillis);
  }

  @Override
  public long capacity() {
    return limit;
  }

  /**
   * The window length in whole milliseconds that applies to {@code key}: this limit's own, or the
   * length of the key's {@link dev.lockkey.Window @Window} field; for the backend that counts.
   *
   * @param key the key the limit applies to
   * @return the window length in milliseconds, at least 1
   * @throws IllegalArgumentException when the window comes from the key and it has not exactly one
   *     {@code @Window} field
   */
  public long windowMillis(LockKey key) {
    if (windowMillis != KEY_WINDOW) {
      return windowMillis;
    }
    List<FieldDescriptor> windowed = key.spec().fields().stream().filter(field -> field.window() != null).toList();
    if (windowed.size() != 1) {
      throw new IllegalArgumentException("RateLimit.perKeyWindow needs a key with exactly one @Window field; "
          + key.spec().simpleName() + " has " + windowed.size() + ": use RateLimit.perWindow(limit, window)");
    }
    return Math.max(1, windowed.get(0).window().toMillis());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FixedWindowLimit other
        && other.purpose().equals(purpose())
        && other.limit == limit
        && other.windowMillis == windowMillis;
  }

  @Override
  public int hashCode() {
    return (purpose().hashCode() * 31 + Long.hashCode(limit)) * 31 + Long.hashCode(windowMillis);
  }

  @Override
  public String toString() {
    return "FixedWindowLimit[" + purpose() + ", " + limit + " per "
        + (windowMillis == KEY_WINDOW ? "key window" : windowMillis + " ms") + "]";
  }
}
