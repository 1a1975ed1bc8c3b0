package dev.lockkey.guard;

import dev.lockkey.codec.ResultCodec;
import dev.lockkey.idempotency.IdempotencyOptions;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What an {@link Idempotent @Idempotent} method declares: its result type, its own codec if any,
 * and what it changes of {@link IdempotencyOptions}' defaults. Immutable, built fluently by
 * generated code, e.g. {@code IdempotencyPolicy.of(Receipt.class).expiry(Duration.ofHours(1))}.
 * The codec is settled by {@link GuardInvoker} (see {@link Idempotent}), which then makes the
 * options once per method with {@link #options(ResultCodec)}.
 */
public final class IdempotencyPolicy {
  private final Class<?> resultType;
  private final ResultCodec<?> codec;
  private final Duration expiry;
  private final Duration leaseTime;
  private final Duration waitTime;
  private final IdempotencyOptions.InProgress inProgress;
  private final List<Class<? extends Exception>> finalFailures;

  private IdempotencyPolicy(Class<?> resultType, ResultCodec<?> codec, Duration expiry, Duration leaseTime,
      Duration waitTime, IdempotencyOptions.InProgress inProgress, List<Class<? extends Exception>> finalFailures) {
    this.resultType = resultType;
    this.codec = codec;
    this.expiry = expiry;
    this.leaseTime = leaseTime;
    this.waitTime = waitTime;
    this.inProgress = inProgress;
    this.finalFailures = List.copyOf(finalFailures);
  }

  /**
   * The policy of a method returning {@code resultType}, with {@link IdempotencyOptions}' defaults.
   *
   * @param resultType the method's return type as declared, e.g. {@code Receipt.class},
   *     {@code long.class} or {@code void.class}
   * @return the policy
   */
  public static IdempotencyPolicy of(Class<?> resultType) {
    return new IdempotencyPolicy(Objects.requireNonNull(resultType, "resultType"), null, null, null, null,
        IdempotencyOptions.InProgress.WAIT, List.of());
  }

  /**
   * This policy with the method's own codec, which wins over every other.
   *
   * @param codec stores the method's results; it must handle the (boxed) result type
   * @return a new policy; this one is unchanged
   */
  public IdempotencyPolicy codec(ResultCodec<?> codec) {
    return new IdempotencyPolicy(resultType, Objects.requireNonNull(codec, "codec"), expiry, leaseTime, waitTime,
        inProgress, finalFailures);
  }

  /**
   * This policy with its own expiry.
   *
   * @param expiry how long a finished call is replayed, as {@link IdempotencyOptions.Builder#expiry}
   * @return a new policy; this one is unchanged
   */
  public IdempotencyPolicy expiry(Duration expiry) {
    return new IdempotencyPolicy(resultType, codec, Objects.requireNonNull(expiry, "expiry"), leaseTime, waitTime,
        inProgress, finalFailures);
  }

  /**
   * This policy with its own lease of the in-progress record.
   *
   * @param leaseTime the lease, as {@link IdempotencyOptions.Builder#lease}
   * @return a new policy; this one is unchanged
   */
  public IdempotencyPolicy leaseTime(Duration leaseTime) {
    return new IdempotencyPolicy(resultType, codec, expiry, Objects.requireNonNull(leaseTime, "leaseTime"), waitTime,
        inProgress, finalFailures);
  }

  /**
   * This policy with its own wait for the first call's outcome.
   *
   * @param waitTime the longest wait, as {@link IdempotencyOptions.Builder#waitTime}
   * @return a new policy; this one is unchanged
   */
  public IdempotencyPolicy waitTime(Duration waitTime) {
    return new IdempotencyPolicy(resultType, codec, expiry, leaseTime, Objects.requireNonNull(waitTime, "waitTime"),
        inProgress, finalFailures);
  }

  /**
   * This policy with what a duplicate does while the first call runs.
   *
   * @param inProgress wait (the default) or fail at once
   * @return a new policy; this one is unchanged
   */
  public IdempotencyPolicy inProgress(IdempotencyOptions.InProgress inProgress) {
    return new IdempotencyPolicy(resultType, codec, expiry, leaseTime, waitTime,
        Objects.requireNonNull(inProgress, "inProgress"), finalFailures);
  }

  /**
   * This policy with the failures that are final, stored and replayed.
   *
   * @param finalFailures exception types whose instances (subclasses included) are final
   * @return a new policy; this one is unchanged
   */
  public IdempotencyPolicy finalFailures(List<Class<? extends Exception>> finalFailures) {
    return new IdempotencyPolicy(resultType, codec, expiry, leaseTime, waitTime, inProgress, finalFailures);
  }

  /** {@return the method's return type as declared, e.g. {@code void.class}} */
  public Class<?> resultType() {
    return resultType;
  }

  /** {@return the method's own codec, or {@code null} when the invoker finds one} */
  public ResultCodec<?> codec() {
    return codec;
  }

  /**
   * {@link IdempotencyOptions}' defaults with this policy's changes and {@code codec}.
   *
   * @param <T> the result type
   * @param codec the codec the results are stored with
   * @return the options
   * @throws IllegalArgumentException when a duration is out of its range
   */
  public <T> IdempotencyOptions<T> options(ResultCodec<T> codec) {
    IdempotencyOptions.Builder<T> options = IdempotencyOptions.builder(codec).inProgress(inProgress);
    if (expiry != null) {
      options.expiry(expiry);
    }
    if (leaseTime != null) {
      options.lease(leaseTime);
    }
    if (waitTime != null) {
      options.waitTime(waitTime);
    }
    if (!finalFailures.isEmpty()) {
      options.finalFailure(failure -> finalFailures.stream().anyMatch(type -> type.isInstance(failure)));
    }
    return options.build();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IdempotencyPolicy other
        && other.resultType == resultType
        && Objects.equals(other.codec, codec)
        && Objects.equals(other.expiry, expiry)
        && Objects.equals(other.leaseTime, leaseTime)
        && Objects.equals(other.waitTime, waitTime)
        && other.inProgress == inProgress
        && other.finalFailures.equals(finalFailures);
  }

  @Override
  public int hashCode() {
    return Objects.hash(resultType, codec, expiry, leaseTime, waitTime, inProgress, finalFailures);
  }

  @Override
  public String toString() {
    return "IdempotencyPolicy[" + resultType.getSimpleName() + (codec == null ? "" : ", codec=" + codec)
        + ", expiry=" + (expiry == null ? "default" : expiry)
        + ", leaseTime=" + (leaseTime == null ? "default" : leaseTime)
        + ", " + inProgress + (waitTime == null ? "" : " " + waitTime)
        + (finalFailures.isEmpty() ? "" : ", finalFailures="
            + finalFailures.stream().map(Class::getSimpleName).toList()) + "]";
  }
}
