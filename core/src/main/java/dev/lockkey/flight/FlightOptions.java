package dev.lockkey.flight;

import dev.lockkey.codec.ResultCodec;
import dev.lockkey.internal.Durations;
import dev.lockkey.internal.Ttls;
import dev.lockkey.lock.LockOptions;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * How a {@link SingleFlight} computes, stores and shares one kind of result: immutable,
 * thread-safe, built fluently and validated once:
 *
 * <pre>{@code
 * FlightOptions<String> summaries = FlightOptions.builder(ResultCodec.utf8())
 *     .resultTtl(Duration.ofHours(1))
 *     .deterministicFailure(e -> e instanceof UnsupportedDocumentException)
 *     .build();
 * }</pre>
 *
 * <p>Defaults:
 * <ul>
 *   <li>{@link #resultTtl()} 10 minutes: how long a result is served from {@code result:env:{body}};
 *   <li>{@link #failureTtl()} 3 seconds: how long a deterministic failure is shared: short, so a
 *       fix (of the input, of a downstream service) takes effect soon, yet long enough to stop a
 *       storm of identical requests;
 *   <li>{@link #deterministicFailure()} none: every failure releases the flight for a waiter to
 *       try again;
 *   <li>{@link #lockOptions()}: lease 30 s, renewed while the computation runs, waiting at most
 *       30 s for a leader. The lease bounds how long a leader that died blocks its followers.
 * </ul>
 *
 * @param <T> the result type
 */
public final class FlightOptions<T> {
  /** The default time a result is served for: 10 minutes. */
  public static final Duration DEFAULT_RESULT_TTL = Duration.ofMinutes(10);
  /** The default time a deterministic failure is shared for: 3 seconds. */
  public static final Duration DEFAULT_FAILURE_TTL = Duration.ofSeconds(3);
  /** The default lock options: lease 30 s with renewal, wait 30 s. */
  public static final LockOptions DEFAULT_LOCK_OPTIONS = LockOptions.builder()
      .leaseTime(Duration.ofSeconds(30))
      .renewal(true)
      .waitTime(Duration.ofSeconds(30))
      .build();

  private static final Predicate<Exception> NONE = failure -> false;

  private final ResultCodec<T> codec;
  private final Duration resultTtl;
  private final Duration failureTtl;
  private final Predicate<? super Exception> deterministicFailure;
  private final LockOptions lockOptions;

  private FlightOptions(Builder<T> builder) {
    this.codec = builder.codec;
    this.resultTtl = builder.resultTtl;
    this.failureTtl = builder.failureTtl;
    this.deterministicFailure = builder.deterministicFailure;
    this.lockOptions = builder.lockOptions.toBuilder().purpose(SingleFlight.FLIGHT_PURPOSE).build();
  }

  /**
   * A builder with the defaults above and this codec for results.
   *
   * @param <T> the type of the results
   * @param codec how results are stored
   * @return a builder with the defaults above and this codec for results
   */
  public static <T> Builder<T> builder(ResultCodec<T> codec) {
    return new Builder<>(codec);
  }

  /**
   * A builder starting from these options.
   *
   * @return a builder starting from these options
   */
  public Builder<T> toBuilder() {
    return new Builder<>(codec)
        .resultTtl(resultTtl)
        .failureTtl(failureTtl)
        .deterministicFailure(deterministicFailure)
        .lockOptions(lockOptions);
  }

  /**
   * How results are stored.
   *
   * @return how results are stored
   */
  public ResultCodec<T> codec() {
    return codec;
  }

  /**
   * How long a result is served from {@code result:env:{body}} (whole milliseconds).
   *
   * @return how long a result is served from {@code result:env:{body}} (whole milliseconds)
   */
  public Duration resultTtl() {
    return resultTtl;
  }

  /**
   * How long a deterministic failure is shared (whole milliseconds).
   *
   * @return how long a deterministic failure is shared (whole milliseconds)
   */
  public Duration failureTtl() {
    return failureTtl;
  }

  /**
   * Which failures of the computation are deterministic: stored and shared rather than retried.
   *
   * @return which failures of the computation are deterministic
   */
  public Predicate<? super Exception> deterministicFailure() {
    return deterministicFailure;
  }

  /**
   * How the flight's lock is taken: lease, renewal, and how long a caller waits for the leader.
   * Its purpose is always {@value SingleFlight#FLIGHT_PURPOSE}.
   *
   * @return how the flight's lock is taken
   */
  public LockOptions lockOptions() {
    return lockOptions;
  }

  @Override
  public String toString() {
    return "FlightOptions[" + codec + ", resultTtl=" + Durations.describe(resultTtl) + ", failureTtl="
        + Durations.describe(failureTtl) + (deterministicFailure == NONE ? "" : ", deterministicFailure")
        + ", " + lockOptions + "]";
  }

  /**
   * Builds {@link FlightOptions}; not thread-safe.
   *
   * @param <T> the result type
   */
  public static final class Builder<T> {
    private final ResultCodec<T> codec;
    private Duration resultTtl = DEFAULT_RESULT_TTL;
    private Duration failureTtl = DEFAULT_FAILURE_TTL;
    private Predicate<? super Exception> deterministicFailure = NONE;
    private LockOptions lockOptions = DEFAULT_LOCK_OPTIONS;

    private Builder(ResultCodec<T> codec) {
      this.codec = Objects.requireNonNull(codec, "codec");
    }

    /**
     * How long a result is served: 1 ms to 100 years, truncated to whole milliseconds.
     *
     * @param resultTtl how long a result is served
     * @return this builder
     */
    public Builder<T> resultTtl(Duration resultTtl) {
      this.resultTtl = Objects.requireNonNull(resultTtl, "resultTtl");
      return this;
    }

    /**
     * How long a deterministic failure is shared: 1 ms to 100 years, truncated to whole milliseconds.
     *
     * @param failureTtl how long a deterministic failure is shared
     * @return this builder
     */
    public Builder<T> failureTtl(Duration failureTtl) {
      this.failureTtl = Objects.requireNonNull(failureTtl, "failureTtl");
      return this;
    }

    /**
     * Which failures are deterministic (the same input would fail the same way: unsupported format,
     * invalid input, not found): those are stored for {@link #failureTtl} and every waiter gets a
     * {@link FlightFailedException} with their type and message. Any other failure releases the
     * flight without a result, and one waiter computes again.
     *
     * @param deterministic true for the failures to store and share
     * @return this builder
     */
    public Builder<T> deterministicFailure(Predicate<? super Exception> deterministic) {
      this.deterministicFailure = Objects.requireNonNull(deterministic, "deterministic");
      return this;
    }

    /**
     * How the flight's lock is taken; its purpose is replaced by {@value SingleFlight#FLIGHT_PURPOSE}.
     *
     * @param lockOptions lease, renewal and wait time of the flight's lock
     * @return this builder
     */
    public Builder<T> lockOptions(LockOptions lockOptions) {
      this.lockOptions = Objects.requireNonNull(lockOptions, "lockOptions");
      return this;
    }

    /**
     * The options.
     *
     * @return the options
     * @throws IllegalArgumentException naming the option when a time to live is under 1 ms or over
     *     100 years (36,525 days): "forever" is no time to live for a shared result
     */
    public FlightOptions<T> build() {
      resultTtl = Duration.ofMillis(Ttls.millis("resultTtl", resultTtl));
      failureTtl = Duration.ofMillis(Ttls.millis("failureTtl", failureTtl));
      return new FlightOptions<>(this);
    }
  }
}
