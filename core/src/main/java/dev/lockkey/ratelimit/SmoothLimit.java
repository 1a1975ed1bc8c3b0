package dev.lockkey.ratelimit;

import dev.lockkey.LockKey;
import dev.lockkey.internal.Ttls;
import java.time.Duration;
import java.util.Objects;

/**
 * {@link #rate()} permits per {@link #per()}, at most {@link #burst()} at once: the generic cell
 * rate algorithm (GCRA) in one script on {@code gcra:env:{body}}, which holds one timestamp of
 * Redis TIME with a time to live of at most the burst's worth of intervals. Clients' clocks do not
 * matter, and there are no window edges: any span of time {@code L} admits at most
 * {@code burst + rate * L / per} permits. Built by {@link RateLimit#smooth(long, Duration, long)}.
 * Immutable.
 *
 * <p>The emission interval {@code per / rate} is rounded up to whole microseconds, so the rate
 * admitted is never above the one defined.
 *
 * <p>The ids of admitted calls live next to the timestamp, in {@code attempts:gcra:env:{body}}, for
 * the burst tolerance ({@code burst * per / rate}) but at least 2 seconds, so at most
 * {@code 2 * burst + rate * 2 s / per} ids: a call sent twice by the client (a retry after a
 * timeout) counts once.
 */
public final class SmoothLimit extends RateLimit {
  static final String DEFAULT_PURPOSE = "gcra";

  /** Lua numbers are doubles: timestamps in microseconds plus the tolerance stay exact below 2^53. */
  private static final long MAX_TOLERANCE_MICROS = 1L << 50;
  /**
   * The least time the ids of admitted calls are kept, so that a client's retry after a timeout
   * finds its call's id however short the burst tolerance: 2 seconds.
   */
  private static final long MIN_ATTEMPT_MEMORY_MICROS = 2_000_000L;

  private final long rate;
  private final Duration per;
  private final long burst;
  private final long intervalMicros;

  SmoothLimit(String purpose, long rate, Duration per, long burst) {
    super(purpose);
    Ttls.millis("per", per); // at least 1 ms, at most 100 years: no overflow below
    if (rate < 1 || burst < 1) {
      throw new IllegalArgumentException("rate and burst must be at least 1, were " + rate + " and " + burst);
    }
    long perMicros = Math.addExact(Math.multiplyExact(per.getSeconds(), 1_000_000L), per.getNano() / 1000);
    if (perMicros < rate) {
      throw new IllegalArgumentException(
          "rate " + rate + " per " + per + " is more than one permit per microsecond");
    }
    this.rate = rate;
    this.per = per;
    this.burst = burst;
    this.intervalMicros = (perMicros + rate - 1) / rate;
    if (burst > MAX_TOLERANCE_MICROS / intervalMicros) {
      throw new IllegalArgumentException("burst " + burst + " of intervals of " + intervalMicros
          + " us spans more than 2^50 us; use a smaller burst");
    }
  }

  /**
   * The permits per {@link #per()} on average.
   *
   * @return the permits per {@code #per()} on average
   */
  public long rate() {
    return rate;
  }

  /**
   * The period of {@link #rate()}.
   *
   * @return the period of {@code #rate()}
   */
  public Duration per() {
    return per;
  }

  /**
   * The most permits admitted at once after a quiet period.
   *
   * @return the most permits admitted at once after a quiet period
   */
  public long burst() {
    return burst;
  }

  @Override
  public SmoothLimit withPurpose(String purpose) {
    return new SmoothLimit(purpose, rate, per, burst);
  }

  @Override
  public long capacity() {
    return burst;
  }

  /**
   * The emission interval {@code per / rate} in whole microseconds, rounded up; for the backend
   * that applies the limit.
   *
   * @return the emission interval in microseconds, at least 1
   */
  public long intervalMicros() {
    return intervalMicros;
  }

  /**
   * How long the ids of admitted calls are kept, in microseconds: the burst tolerance, but at least
   * 2 seconds; for the backend that applies the limit.
   *
   * @return how long the ids of admitted calls are kept, in microseconds
   */
  public long attemptMemoryMicros() {
    return Math.max(intervalMicros * burst, MIN_ATTEMPT_MEMORY_MICROS);
  }

  /**
   * Checks that this limit fits {@code key}; for the backend that applies the limit.
   *
   * @param key the key the limit applies to
   * @throws IllegalArgumentException when the key has a {@code @Window} field, which starts a fresh
   *     key at every window edge
   */
  public void requireFits(LockKey key) {
    if (key.spec().fields().stream().anyMatch(field -> field.window() != null)) {
      throw new IllegalArgumentException("RateLimit.smooth needs a key without @Window field: "
          + key.spec().simpleName() + " starts a fresh key at every window edge, which smooth limiting avoids");
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SmoothLimit other
        && other.purpose().equals(purpose())
        && other.rate == rate
        && other.per.equals(per)
        && other.burst == burst;
  }

  @Override
  public int hashCode() {
    return Objects.hash(purpose(), rate, per, burst);
  }

  @Override
  public String toString() {
    return "SmoothLimit[" + purpose() + ", " + rate + " per " + per + ", burst " + burst + "]";
  }
}
