package dev.lockkey.redis.ratelimit;

import dev.lockkey.LockKey;
import dev.lockkey.ratelimit.RateDecision;
import dev.lockkey.ratelimit.RateLimit;
import dev.lockkey.ratelimit.SmoothLimit;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What one limiter learnt from Redis about limits that are used up, so that it can deny a call
 * without a round trip where Redis could only deny it too. Exact because a limit's state only moves
 * one way until a known moment:
 *
 * <ul>
 *   <li>a fixed window's counter only grows until the counter expires, so the permits remaining that
 *       Redis reported stay an upper bound until then; the store's time left (PTTL) becomes a
 *       deadline of the local monotonic clock;
 *   <li>a GCRA timestamp (TAT) only moves forward, so {@code now + resetAfter} as Redis reported it
 *       stays a lower bound of the TAT, and a call of {@code p} permits is denied while
 *       {@code now < tat - tolerance + p * interval}.
 * </ul>
 *
 * Each deadline counts from the moment the call was sent, which is no later than the moment Redis
 * measured, so it errs early (then Redis answers) and never late. Entries are kept only when the
 * next single permit would be denied, are dropped once their deadline has passed, and are at most
 * {@code capacity}: when full and nothing has expired, nothing more is learnt (Redis answers).
 * Thread-safe.
 */
final class LocalDenials {
  /** How often at most a full map is swept for expired entries. */
  private static final long SWEEP_INTERVAL_NANOS = 10_000_000L;

  private final ConcurrentHashMap<StateKey, Exhausted> entries = new ConcurrentHashMap<>();
  private final int capacity;
  private final AtomicLong nextSweepNanos = new AtomicLong(System.nanoTime());

  LocalDenials(int capacity) {
    this.capacity = capacity;
  }

  /**
   * The state of one limit on one key in Redis: its purpose word and the key's body (the body, not
   * the key object, so that a key class's own equality cannot matter).
   */
  private record StateKey(String purpose, String body) {}

  /** A limit known to be used up until {@link #untilNanos()}. */
  private sealed interface Exhausted {
    RateLimit limit();

    /** After this moment of {@link System#nanoTime()} the entry denies nothing. */
    long untilNanos();

    /** The denial of {@code permits} at {@code nowNanos}, or null when Redis might admit them. */
    RateDecision denial(long nowNanos, long permits);
  }

  /** A fixed window with at most {@code remaining} permits left until {@code untilNanos}. */
  private record WindowUsedUp(RateLimit limit, long untilNanos, long remaining) implements Exhausted {
    @Override
    public RateDecision denial(long nowNanos, long permits) {
      long left = untilNanos - nowNanos;
      if (left <= 0 || permits <= remaining) {
        return null;
      }
      Duration rest = Duration.ofNanos(left);
      return new RateDecision(false, remaining, rest, rest);
    }
  }

  /** A GCRA timestamp of at least {@code untilNanos} (the TAT, as a moment of the local clock). */
  private record TatAhead(SmoothLimit limit, long untilNanos) implements Exhausted {
    @Override
    public RateDecision denial(long nowNanos, long permits) {
      long intervalNanos = limit.intervalMicros() * 1000;
      long toTat = untilNanos - nowNanos;
      long retryAfter = toTat - intervalNanos * (limit.burst() - permits);
      if (retryAfter <= 0) {
        return null;
      }
      long remaining = Math.max((intervalNanos * limit.burst() - toTat) / intervalNanos, 0);
      return new RateDecision(false, remaining, Duration.ofNanos(retryAfter), Duration.ofNanos(toTat));
    }
  }

  /** The local denial of {@code permits} of {@code limit} on {@code key}, or null when Redis must decide. */
  RateDecision denial(RateLimit limit, LockKey key, long permits) {
    StateKey state = new StateKey(limit.purpose(), key.canonical());
    Exhausted known = entries.get(state);
    if (known == null) {
      return null;
    }
    long now = System.nanoTime();
    if (now - known.untilNanos() >= 0) {
      entries.remove(state, known);
      return null;
    }
    // two limits under one purpose share their state in Redis, but not their arithmetic
    return known.limit().equals(limit) ? known.denial(now, permits) : null;
  }

  /**
   * Learns from Redis's {@code decision} on a call sent at {@code sentNanos}: keeps it when the next
   * single permit would be denied.
   */
  void learn(RateLimit limit, LockKey key, RateDecision decision, long sentNanos) {
    if (decision.allowed() && decision.remaining() > 0) {
      return;
    }
    long resetNanos = decision.resetAfter().toNanos();
    if (resetNanos <= 0) {
      return; // a counter without expiry, or a limit that is already free again
    }
    Exhausted known = limit instanceof SmoothLimit smooth
        ? new TatAhead(smooth, sentNanos + resetNanos)
        : new WindowUsedUp(limit, sentNanos + resetNanos, decision.remaining());
    StateKey state = new StateKey(limit.purpose(), key.canonical());
    if (entries.size() >= capacity && !entries.containsKey(state) && !sweep(System.nanoTime())) {
      return;
    }
    entries.put(state, known);
  }

  /** Drops expired entries, at most once per {@link #SWEEP_INTERVAL_NANOS}; true when there is room. */
  private boolean sweep(long now) {
    long next = nextSweepNanos.get();
    if (now - next >= 0 && nextSweepNanos.compareAndSet(next, now + SWEEP_INTERVAL_NANOS)) {
      entries.values().removeIf(known -> now - known.untilNanos() >= 0);
    }
    return entries.size() < capacity;
  }

  /** How many entries are kept; for tests. */
  int size() {
    return entries.size();
  }
}
