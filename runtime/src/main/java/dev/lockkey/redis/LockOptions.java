package dev.lockkey.redis;

import dev.lockkey.format.Words;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * How to take a lock: immutable, thread-safe, built fluently and validated once:
 * {@code LockOptions.builder().leaseTime(Duration.ofSeconds(10)).renewal(true).build()}.
 *
 * <p>Defaults ({@link #defaults()}):
 * <ul>
 *   <li>{@link #leaseTime()} 30 s: how long Redis keeps a lock whose holder neither releases nor
 *       extends it, e.g. because its process died;
 *   <li>{@link #waitTime()} 10 s: how long {@code acquire} and {@code withLock} wait for a held
 *       lock ({@code tryAcquire} never waits);
 *   <li>{@link #renewal()} off: with it on, a watchdog extends the lease every third of the lease
 *       time for as long as the lease is held, so work may outlast the lease time;
 *   <li>no {@link #onLost() onLost} callback;
 *   <li>{@link #purpose()} {@value #DEFAULT_PURPOSE}.
 * </ul>
 */
public final class LockOptions {
  /** The default lease time: 30 seconds. */
  public static final Duration DEFAULT_LEASE_TIME = Duration.ofSeconds(30);
  /** The default wait time: 10 seconds. */
  public static final Duration DEFAULT_WAIT_TIME = Duration.ofSeconds(10);
  /** The default purpose word: {@code lock:env:{body}}. */
  public static final String DEFAULT_PURPOSE = "lock";
  /** The shortest lease a watchdog renews: its renewal period is a third of it. */
  public static final Duration MIN_RENEWED_LEASE_TIME = Duration.ofMillis(30);

  private static final Consumer<Lease> NO_CALLBACK = lease -> {};
  private static final LockOptions DEFAULTS = builder().build(); // after NO_CALLBACK, which it uses

  private final Duration leaseTime;
  private final Duration waitTime;
  private final boolean renewal;
  private final Consumer<? super Lease> onLost;
  private final String purpose;

  private LockOptions(Builder builder) {
    this.leaseTime = builder.leaseTime;
    this.waitTime = builder.waitTime;
    this.renewal = builder.renewal;
    this.onLost = builder.onLost;
    this.purpose = builder.purpose;
  }

  /** The defaults described above. */
  public static LockOptions defaults() {
    return DEFAULTS;
  }

  /** A builder starting from the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from these options. */
  public Builder toBuilder() {
    Builder builder = new Builder();
    builder.leaseTime = leaseTime;
    builder.waitTime = waitTime;
    builder.renewal = renewal;
    builder.onLost = onLost;
    builder.purpose = purpose;
    return builder;
  }

  /** How long Redis keeps the lock unless it is released or extended first (whole milliseconds). */
  public Duration leaseTime() {
    return leaseTime;
  }

  /** How long {@code acquire}, {@code acquireAll} and {@code withLock} wait at most for a held lock. */
  public Duration waitTime() {
    return waitTime;
  }

  /** Whether a watchdog extends the lease every third of {@link #leaseTime()} while it is held. */
  public boolean renewal() {
    return renewal;
  }

  /**
   * Called once when a lease is found lost (a renewal or extension found the lock gone or someone
   * else's, or renewals failed until the lease ran out), on the thread that found it. A no-op
   * unless set.
   */
  public Consumer<? super Lease> onLost() {
    return onLost;
  }

  /**
   * The purpose word of the lock's Redis keys: {@code lock:env:{body}} by default. Locks of
   * different purposes on one body are independent, e.g. {@link SingleFlight}'s {@code flight}
   * lock and an ordinary lock on the same key.
   */
  public String purpose() {
    return purpose;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LockOptions other
        && other.leaseTime.equals(leaseTime)
        && other.waitTime.equals(waitTime)
        && other.renewal == renewal
        && other.onLost.equals(onLost)
        && other.purpose.equals(purpose);
  }

  @Override
  public int hashCode() {
    return Objects.hash(leaseTime, waitTime, renewal, onLost, purpose);
  }

  @Override
  public String toString() {
    return "LockOptions[leaseTime=" + Durations.describe(leaseTime) + ", waitTime=" + Durations.describe(waitTime)
        + ", renewal=" + renewal + (onLost == NO_CALLBACK ? "" : ", onLost")
        + (purpose.equals(DEFAULT_PURPOSE) ? "" : ", purpose=" + purpose) + "]";
  }

  /** Builds {@link LockOptions}; not thread-safe. */
  public static final class Builder {
    private Duration leaseTime = DEFAULT_LEASE_TIME;
    private Duration waitTime = DEFAULT_WAIT_TIME;
    private boolean renewal;
    private Consumer<? super Lease> onLost = NO_CALLBACK;
    private String purpose = DEFAULT_PURPOSE;

    private Builder() {}

    /** How long Redis keeps the lock unless released or extended: at least 1 ms, truncated to ms. */
    public Builder leaseTime(Duration leaseTime) {
      this.leaseTime = Objects.requireNonNull(leaseTime, "leaseTime");
      return this;
    }

    /** How long to wait at most for a held lock: zero (do not wait) or more. */
    public Builder waitTime(Duration waitTime) {
      this.waitTime = Objects.requireNonNull(waitTime, "waitTime");
      return this;
    }

    /** Whether a watchdog extends the lease while it is held (needs a lease time of 30 ms or more). */
    public Builder renewal(boolean renewal) {
      this.renewal = renewal;
      return this;
    }

    /** What to call once when a lease is found lost; see {@link LockOptions#onLost()}. */
    public Builder onLost(Consumer<? super Lease> onLost) {
      this.onLost = Objects.requireNonNull(onLost, "onLost");
      return this;
    }

    /**
     * The purpose word of the lock's Redis keys; see {@link LockOptions#purpose()}.
     *
     * @throws IllegalArgumentException when {@code purpose} is not a word of the key format, or
     *     too long to name its helper keys ({@code purpose-contended} must be a word too)
     */
    public Builder purpose(String purpose) {
      Words.require("purpose", purpose);
      if (!Words.isWord(purpose + "-contended")) {
        throw new IllegalArgumentException("purpose \"" + purpose + "\" is too long: a lock's purpose has at most "
            + (Words.MAX_LENGTH - "-contended".length()) + " characters, to leave room for its helper keys");
      }
      this.purpose = purpose;
      return this;
    }

    /**
     * The options.
     *
     * @throws IllegalArgumentException when the lease time is under 1 ms (under 30 ms with
     *     renewal) or the wait time is negative
     */
    public LockOptions build() {
      leaseTime = Duration.ofMillis(leaseTime.toMillis());
      if (leaseTime.isZero() || leaseTime.isNegative()) {
        throw new IllegalArgumentException("leaseTime must be at least 1 ms, was " + leaseTime);
      }
      if (renewal && leaseTime.compareTo(MIN_RENEWED_LEASE_TIME) < 0) {
        throw new IllegalArgumentException("with renewal, leaseTime must be at least "
            + Durations.describe(MIN_RENEWED_LEASE_TIME) + ", was " + Durations.describe(leaseTime));
      }
      if (waitTime.isNegative()) {
        throw new IllegalArgumentException("waitTime must not be negative, was " + waitTime);
      }
      return new LockOptions(this);
    }
  }
}
