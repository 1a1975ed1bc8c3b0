package dev.lockkey.guard;

import dev.lockkey.internal.Durations;
import dev.lockkey.lock.LockOptions;
import java.time.Duration;
import java.util.Objects;

/**
 * What a {@link ScheduledJob @ScheduledJob} method holds its lock for: immutable, built fluently by
 * generated code, e.g. {@code JobPolicy.defaults().holdAtLeast(Duration.ofSeconds(30))}. Without
 * {@link #holdAtMost(Duration)} a run's lease is the executor's default lease time.
 */
public final class JobPolicy {
  private static final JobPolicy DEFAULTS = new JobPolicy(Duration.ZERO, null);

  private final Duration holdAtLeast;
  private final Duration holdAtMost;

  private JobPolicy(Duration holdAtLeast, Duration holdAtMost) {
    this.holdAtLeast = holdAtLeast;
    this.holdAtMost = holdAtMost;
  }

  /** {@return the policy of a job held from its start to its return, at most the executor's lease time} */
  public static JobPolicy defaults() {
    return DEFAULTS;
  }

  /**
   * This policy with a time the lock is held at least, counted from its acquisition.
   *
   * @param holdAtLeast zero or more
   * @return a new policy; this one is unchanged
   * @throws IllegalArgumentException when negative
   */
  public JobPolicy holdAtLeast(Duration holdAtLeast) {
    if (Objects.requireNonNull(holdAtLeast, "holdAtLeast").isNegative()) {
      throw new IllegalArgumentException("holdAtLeast must not be negative, was " + holdAtLeast);
    }
    return new JobPolicy(holdAtLeast, holdAtMost);
  }

  /**
   * This policy with a lease of its own: the longest a run holds the lock.
   *
   * @param holdAtMost the lease time of a run
   * @return a new policy; this one is unchanged
   */
  public JobPolicy holdAtMost(Duration holdAtMost) {
    return new JobPolicy(holdAtLeast, Objects.requireNonNull(holdAtMost, "holdAtMost"));
  }

  /** {@return how long the lock is held at least, from its acquisition} */
  public Duration holdAtLeast() {
    return holdAtLeast;
  }

  /**
   * The options a run takes its lock with: {@code defaults} with a lease of {@code holdAtMost}, no
   * wait and no renewal.
   *
   * @param defaults the executor's default options
   * @return the options of a run
   * @throws IllegalArgumentException when {@code holdAtLeast} is longer than the lease
   */
  public LockOptions applyTo(LockOptions defaults) {
    LockOptions options = defaults.toBuilder().leaseTime(holdAtMost != null ? holdAtMost : defaults.leaseTime())
        .waitTime(Duration.ZERO).renewal(false).build();
    if (holdAtLeast.compareTo(options.leaseTime()) > 0) {
      throw new IllegalArgumentException("holdAtLeast (" + Durations.describe(holdAtLeast)
          + ") must not be longer than the lease of a run, holdAtMost (" + Durations.describe(options.leaseTime()) + ")");
    }
    return options;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof JobPolicy other && other.holdAtLeast.equals(holdAtLeast)
        && Objects.equals(other.holdAtMost, holdAtMost);
  }

  @Override
  public int hashCode() {
    return Objects.hash(holdAtLeast, holdAtMost);
  }

  @Override
  public String toString() {
    return "JobPolicy[holdAtLeast=" + Durations.describe(holdAtLeast) + ", holdAtMost="
        + (holdAtMost == null ? "default" : Durations.describe(holdAtMost)) + "]";
  }
}
