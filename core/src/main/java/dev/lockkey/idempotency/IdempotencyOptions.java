package dev.lockkey.idempotency;

import dev.lockkey.codec.ResultCodec;
import dev.lockkey.internal.Durations;
import dev.lockkey.internal.Ttls;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * How {@link IdempotentCalls} runs, stores and replays one kind of call: immutable, thread-safe,
 * built fluently and validated once:
 *
 * <pre>{@code
 * IdempotencyOptions<Receipt> captures = IdempotencyOptions.builder(JacksonCodec.of(Receipt.class))
 *     .expiry(Duration.ofHours(24))
 *     .finalFailure(e -> e instanceof CardDeclinedException)
 *     .build();
 * }</pre>
 *
 * <p>Defaults:
 * <ul>
 *   <li>{@link #expiry()} 24 hours: how long a finished call's record (its result or final
 *       failure) is replayed, as Stripe keeps idempotency keys;
 *   <li>{@link #lease()} 30 seconds, {@link #renewal()} on: how long an in-progress record lives
 *       without renewal, which bounds how long a leader that died blocks the key;
 *   <li>{@link #inProgress()} {@link InProgress#WAIT} for at most {@link #waitTime()} 30 seconds;
 *   <li>{@link #finalFailure()} none: every failure removes the record, so a retry runs the work.
 * </ul>
 *
 * @param <T> the result type
 */
public final class IdempotencyOptions<T> {
  /** The default time a finished call is replayed: 24 hours. */
  public static final Duration DEFAULT_EXPIRY = Duration.ofHours(24);
  /** The default lease of an in-progress record: 30 seconds. */
  public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);
  /** The default time a duplicate waits for the first call: 30 seconds. */
  public static final Duration DEFAULT_WAIT_TIME = Duration.ofSeconds(30);

  /** The shortest lease: renewals run every third of it, and a round trip must fit. */
  private static final Duration SHORTEST_LEASE = Duration.ofMillis(30);
  private static final Predicate<Exception> NONE = failure -> false;

  /** What a call does when the same call (same key and payload) is in progress elsewhere. */
  public enum InProgress {
    /** Wait for the first call's outcome, at most {@link IdempotencyOptions#waitTime()}, then fail. */
    WAIT,
    /** Fail at once with {@link IdempotencyInProgressException}, as Powertools for AWS Lambda does. */
    FAIL
  }

  private final ResultCodec<T> codec;
  private final Duration expiry;
  private final Duration lease;
  private final boolean renewal;
  private final InProgress inProgress;
  private final Duration waitTime;
  private final Predicate<? super Exception> finalFailure;

  private IdempotencyOptions(Builder<T> builder) {
    this.codec = builder.codec;
    this.expiry = builder.expiry;
    this.lease = builder.lease;
    this.renewal = builder.renewal;
    this.inProgress = builder.inProgress;
    this.waitTime = builder.waitTime;
    this.finalFailure = builder.finalFailure;
  }

  /**
   * A builder with the defaults above and this codec for results.
   *
   * @param <T> the result type
   * @param codec how results are stored; every server sharing a key must use the same
   * @return a new builder
   */
  public static <T> Builder<T> builder(ResultCodec<T> codec) {
    return new Builder<>(codec);
  }

  /** {@return a new builder starting from these options} */
  public Builder<T> toBuilder() {
    return new Builder<>(codec)
        .expiry(expiry)
        .lease(lease)
        .renewal(renewal)
        .inProgress(inProgress)
        .waitTime(waitTime)
        .finalFailure(finalFailure);
  }

  /**
   * These options with another {@link #expiry()}, e.g. for one call.
   *
   * @param expiry how long the finished call's record is replayed: 1 ms to 100 years
   * @return new options; these are unchanged
   * @throws IllegalArgumentException when {@code expiry} is out of its range
   */
  public IdempotencyOptions<T> withExpiry(Duration expiry) {
    return toBuilder().expiry(expiry).build();
  }

  /** {@return how results are stored; every server sharing a key must use the same} */
  public ResultCodec<T> codec() {
    return codec;
  }

  /** {@return how long a finished call's record is replayed (whole milliseconds)} */
  public Duration expiry() {
    return expiry;
  }

  /** {@return how long an in-progress record lives without renewal (whole milliseconds)} */
  public Duration lease() {
    return lease;
  }

  /** {@return whether the lease is renewed while the work runs, every third of the lease} */
  public boolean renewal() {
    return renewal;
  }

  /** {@return what a duplicate does while the first call runs} */
  public InProgress inProgress() {
    return inProgress;
  }

  /** {@return how long a duplicate waits with {@link InProgress#WAIT} (whole milliseconds)} */
  public Duration waitTime() {
    return waitTime;
  }

  /** {@return which failures of the work are final: stored and replayed rather than retried} */
  public Predicate<? super Exception> finalFailure() {
    return finalFailure;
  }

  @Override
  public String toString() {
    return "IdempotencyOptions[" + codec + ", expiry=" + Durations.describe(expiry) + ", lease="
        + Durations.describe(lease) + (renewal ? " renewed" : "") + ", " + inProgress
        + (inProgress == InProgress.WAIT ? " " + Durations.describe(waitTime) : "")
        + (finalFailure == NONE ? "" : ", finalFailure") + "]";
  }

  /**
   * Builds {@link IdempotencyOptions}; not thread-safe.
   *
   * @param <T> the result type
   */
  public static final class Builder<T> {
    private final ResultCodec<T> codec;
    private Duration expiry = DEFAULT_EXPIRY;
    private Duration lease = DEFAULT_LEASE;
    private boolean renewal = true;
    private InProgress inProgress = InProgress.WAIT;
    private Duration waitTime = DEFAULT_WAIT_TIME;
    private Predicate<? super Exception> finalFailure = NONE;

    private Builder(ResultCodec<T> codec) {
      this.codec = Objects.requireNonNull(codec, "codec");
    }

    /**
     * How long a finished call is replayed: 1 ms to 100 years (checked by {@link #build()}),
     * truncated to whole milliseconds.
     *
     * @param expiry how long the record of a result or final failure lives
     * @return this builder
     */
    public Builder<T> expiry(Duration expiry) {
      this.expiry = Objects.requireNonNull(expiry, "expiry");
      return this;
    }

    /**
     * How long an in-progress record lives without renewal: 30 ms to 100 years (checked by
     * {@link #build()}).
     *
     * @param lease the lease of the in-progress record, which bounds how long a dead leader blocks
     *     the key
     * @return this builder
     */
    public Builder<T> lease(Duration lease) {
      this.lease = Objects.requireNonNull(lease, "lease");
      return this;
    }

    /**
     * Whether the lease is renewed while the work runs; off, work longer than the lease may run twice.
     *
     * @param renewal {@code true} (the default) to renew every third of the lease
     * @return this builder
     */
    public Builder<T> renewal(boolean renewal) {
      this.renewal = renewal;
      return this;
    }

    /**
     * What a duplicate does while the first call runs.
     *
     * @param inProgress wait for the outcome (the default) or fail at once
     * @return this builder
     */
    public Builder<T> inProgress(InProgress inProgress) {
      this.inProgress = Objects.requireNonNull(inProgress, "inProgress");
      return this;
    }

    /**
     * How long a duplicate waits for the first call's outcome: 1 ms to 100 years (checked by
     * {@link #build()}).
     *
     * @param waitTime the longest wait with {@link InProgress#WAIT}
     * @return this builder
     */
    public Builder<T> waitTime(Duration waitTime) {
      this.waitTime = Objects.requireNonNull(waitTime, "waitTime");
      return this;
    }

    /**
     * Which failures are final (the same request would fail the same way: a declined card, an
     * invalid amount): those are stored for {@link #expiry} and replayed as
     * {@link IdempotencyFailedException} with their type and message, so keep secrets out of
     * their messages. Any other failure removes the record, and a retry runs the work again.
     *
     * @param finalFailure true for a failure of the work that is final
     * @return this builder
     */
    public Builder<T> finalFailure(Predicate<? super Exception> finalFailure) {
      this.finalFailure = Objects.requireNonNull(finalFailure, "finalFailure");
      return this;
    }

    /**
     * The options.
     *
     * @return the validated options, durations truncated to whole milliseconds
     * @throws IllegalArgumentException naming the option when a duration is out of its range
     */
    public IdempotencyOptions<T> build() {
      expiry = Duration.ofMillis(Ttls.millis("expiry", expiry));
      lease = Duration.ofMillis(Ttls.millis("lease", lease));
      if (lease.compareTo(SHORTEST_LEASE) < 0) {
        throw new IllegalArgumentException("lease must be at least " + Durations.describe(SHORTEST_LEASE)
            + ", was " + Durations.describe(lease));
      }
      waitTime = Duration.ofMillis(Ttls.millis("waitTime", waitTime));
      return new IdempotencyOptions<>(this);
    }
  }
}
