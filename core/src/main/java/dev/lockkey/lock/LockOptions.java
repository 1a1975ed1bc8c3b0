package dev.lockkey.lock;

import dev.lockkey.format.Words;
import dev.lockkey.internal.Durations;
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
 *   <li>{@link #purpose()} {@value #DEFAULT_PURPOSE};
 *   <li>{@link #fairness()} {@link Fairness#FIFO}.
 * </ul>
 *
 * <p>Limits, so that no duration overflows a {@code long} of nanoseconds or a Redis expiry:
 * <ul>
 *   <li>a wait time above {@link #MAX_WAIT_TIME} (100 years) is clamped to it, so "forever" idioms
 *       such as {@code ChronoUnit.FOREVER.getDuration()} or {@code Duration.ofSeconds(Long.MAX_VALUE)}
 *       mean "wait as long as it takes";
 *   <li>a lease time above {@link #MAX_LEASE_TIME} (100 years) is rejected by {@link Builder#build()}
 *       with an {@link IllegalArgumentException} naming {@code leaseTime}: a lock that never runs
 *       out is a bug waiting for a dead holder, so it is not silently made one.
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
  /** The longest lease time: 100 years (36,525 days); longer ones are rejected. */
  public static final Duration MAX_LEASE_TIME = Duration.ofDays(36_525);
  /** The longest wait time: 100 years (36,525 days); longer ones, "forever" included, are clamped to it. */
  public static final Duration MAX_WAIT_TIME = Duration.ofDays(36_525);

  private static final Consumer<Lease> NO_CALLBACK = lease -> {};
  private static final LockOptions DEFAULTS = builder().build(); // after NO_CALLBACK, which it uses

  private final Duration leaseTime;
  private final Duration waitTime;
  private final boolean renewal;
  private final Consumer<? super Lease> onLost;
  private final String purpose;
  private final Fairness fairness;

  private LockOptions(Builder builder) {
    this.leaseTime = builder.leaseTime;
    this.waitTime = builder.waitTime;
    this.renewal = builder.renewal;
    this.onLost = builder.onLost;
    this.purpose = builder.purpose;
    this.fairness = builder.fairness;
  }

  /**
   * The defaults described above.
   *
   * @return the defaults described above
   */
  public static LockOptions defaults() {
    return DEFAULTS;
  }

  /**
   * A builder starting from the defaults.
   *
   * @return a builder starting from the defaults
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * A builder starting from these options.
   *
   * @return a builder starting from these options
   */
  public Builder toBuilder() {
    Builder builder = new Builder();
    builder.leaseTime = leaseTime;
    builder.waitTime = waitTime;
    builder.renewal = renewal;
    builder.onLost = onLost;
    builder.purpose = purpose;
    builder.fairness = fairness;
    return builder;
  }

  /**
   * How long Redis keeps the lock unless it is released or extended first (whole milliseconds).
   *
   * @return how long Redis keeps the lock unless it is released or extended first (whole milliseconds)
   */
  public Duration leaseTime() {
    return leaseTime;
  }

  /**
   * How long {@code acquire}, {@code acquireAll} and {@code withLock} wait at most for a held lock.
   *
   * @return how long {@code acquire}, {@code acquireAll} and {@code withLock} wait at most for a held lock
   */
  public Duration waitTime() {
    return waitTime;
  }

  /**
   * Whether a watchdog extends the lease every third of {@link #leaseTime()} while it is held.
   *
   * @return whether a watchdog extends the lease every third of {@code #leaseTime()} while it is held
   */
  public boolean renewal() {
    return renewal;
  }

  /**
   * Called once when a lease is found lost (a renewal or extension found the lock gone or someone
   * else's, or renewals failed until the lease ran out): on the thread that found it, except that a
   * loss the watchdog found is told on the executor's callback thread, never on a renewal thread
   * (a slow callback must not stop other leases' renewals). A no-op unless set.
   *
   * @return the callback; by default one that does nothing
   */
  public Consumer<? super Lease> onLost() {
    return onLost;
  }

  /**
   * The purpose word of the lock's Redis keys: {@code lock:env:{body}} by default. Locks of
   * different purposes on one body are independent, e.g. {@link dev.lockkey.flight.SingleFlight}'s {@code flight}
   * lock and an ordinary lock on the same key.
   *
   * @return the purpose word of the lock's Redis keys
   */
  public String purpose() {
    return purpose;
  }

  /**
   * Who takes the lock when it is released: the longest waiter ({@link Fairness#FIFO}, the
   * default) or whoever asks first ({@link Fairness#BARGING}, with the bound its Javadoc states).
   *
   * @return who takes the lock when it is released
   */
  public Fairness fairness() {
    return fairness;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LockOptions other
        && other.leaseTime.equals(leaseTime)
        && other.waitTime.equals(waitTime)
        && other.renewal == renewal
        && other.onLost.equals(onLost)
        && other.purpose.equals(purpose)
        && other.fairness == fairness;
  }

  @Override
  public int hashCode() {
    return Objects.hash(leaseTime, waitTime, renewal, onLost, purpose, fairness);
  }

  @Override
  public String toString() {
    return "LockOptions[leaseTime=" + Durations.describe(leaseTime) + ", waitTime=" + Durations.describe(waitTime)
        + ", renewal=" + renewal + (onLost == NO_CALLBACK ? "" : ", onLost")
        + (purpose.equals(DEFAULT_PURPOSE) ? "" : ", purpose=" + purpose)
        + (fairness == Fairness.FIFO ? "" : ", fairness=" + fairness) + "]";
  }

  /**
   * Checks a lease time (of the options, or of an extension).
   *
   * @return it truncated to whole milliseconds
   * @throws IllegalArgumentException naming {@code what} when under 1 ms or over {@link #MAX_LEASE_TIME}
   */
  static Duration checkLeaseTime(String what, Duration leaseTime) {
    return Durations.requireMillisBetweenOneAnd(what, leaseTime, MAX_LEASE_TIME);
  }

  /** Builds {@link LockOptions}; not thread-safe. */
  public static final class Builder {
    private Duration leaseTime = DEFAULT_LEASE_TIME;
    private Duration waitTime = DEFAULT_WAIT_TIME;
    private boolean renewal;
    private Consumer<? super Lease> onLost = NO_CALLBACK;
    private String purpose = DEFAULT_PURPOSE;
    private Fairness fairness = Fairness.FIFO;

    private Builder() {}

    /**
     * How long Redis keeps the lock unless released or extended: at least 1 ms and at most
     * {@link #MAX_LEASE_TIME}, truncated to ms (checked by {@link #build()}).
     *
     * @param leaseTime the lease time
     * @return this builder
     */
    public Builder leaseTime(Duration leaseTime) {
      this.leaseTime = Objects.requireNonNull(leaseTime, "leaseTime");
      return this;
    }

    /**
     * How long to wait at most for a held lock: zero (do not wait) or more; above
     * {@link #MAX_WAIT_TIME} ("forever") it is clamped to it.
     *
     * @param waitTime the longest wait, zero or more
     * @return this builder
     */
    public Builder waitTime(Duration waitTime) {
      this.waitTime = Objects.requireNonNull(waitTime, "waitTime");
      return this;
    }

    /**
     * Whether a watchdog extends the lease while it is held (needs a lease time of 30 ms or more).
     *
     * @param renewal true to renew the lease while it is held
     * @return this builder
     */
    public Builder renewal(boolean renewal) {
      this.renewal = renewal;
      return this;
    }

    /**
     * What to call once when a lease is found lost; see {@link LockOptions#onLost()}.
     *
     * @param onLost the callback, given the lost lease
     * @return this builder
     */
    public Builder onLost(Consumer<? super Lease> onLost) {
      this.onLost = Objects.requireNonNull(onLost, "onLost");
      return this;
    }

    /**
     * The purpose word of the lock's Redis keys; see {@link LockOptions#purpose()}.
     *
     * @param purpose the purpose word
     * @return this builder
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
     * Who takes the lock when it is released; see {@link Fairness}.
     *
     * @param fairness {@link Fairness#FIFO} (the default) or {@link Fairness#BARGING}
     * @return this builder
     */
    public Builder fairness(Fairness fairness) {
      this.fairness = Objects.requireNonNull(fairness, "fairness");
      return this;
    }

    /**
     * The options.
     *
     * @return the options
     * @throws IllegalArgumentException when the lease time is under 1 ms (under 30 ms with
     *     renewal) or over {@link #MAX_LEASE_TIME}, or the wait time is negative
     */
    public LockOptions build() {
      leaseTime = checkLeaseTime("leaseTime", leaseTime);
      if (renewal && leaseTime.compareTo(MIN_RENEWED_LEASE_TIME) < 0) {
        throw new IllegalArgumentException("with renewal, leaseTime must be at least "
            + Durations.describe(MIN_RENEWED_LEASE_TIME) + ", was " + Durations.describe(leaseTime));
      }
      if (waitTime.isNegative()) {
        throw new IllegalArgumentException("waitTime must not be negative, was " + waitTime);
      }
      if (waitTime.compareTo(MAX_WAIT_TIME) > 0) {
        waitTime = MAX_WAIT_TIME;
      }
      return new LockOptions(this);
    }
  }
}
