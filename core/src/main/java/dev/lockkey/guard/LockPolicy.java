package dev.lockkey.guard;

import dev.lockkey.lock.LockOptions;
import java.time.Duration;
import java.util.Objects;

/**
 * What a {@link Locked @Locked} method changes of the executor's default lock options: immutable,
 * built fluently by generated code, e.g. {@code LockPolicy.defaults().leaseTime(Duration.ofSeconds(10))}.
 * Attributes left out keep the executor's defaults, so that an application configures them in one
 * place.
 */
public final class LockPolicy {
  private static final LockPolicy DEFAULTS = new LockPolicy(null, null, Renewal.DEFAULT);

  private final Duration leaseTime;
  private final Duration waitTime;
  private final Renewal renewal;

  private LockPolicy(Duration leaseTime, Duration waitTime, Renewal renewal) {
    this.leaseTime = leaseTime;
    this.waitTime = waitTime;
    this.renewal = renewal;
  }

  /** {@return the policy that keeps the executor's default options, unchanged} */
  public static LockPolicy defaults() {
    return DEFAULTS;
  }

  /**
   * This policy with its own lease time.
   *
   * @param leaseTime the lease time instead of the executor's
   * @return a new policy; this one is unchanged
   */
  public LockPolicy leaseTime(Duration leaseTime) {
    return new LockPolicy(Objects.requireNonNull(leaseTime, "leaseTime"), waitTime, renewal);
  }

  /**
   * This policy with its own wait time.
   *
   * @param waitTime the wait time instead of the executor's; zero to not wait
   * @return a new policy; this one is unchanged
   */
  public LockPolicy waitTime(Duration waitTime) {
    return new LockPolicy(leaseTime, Objects.requireNonNull(waitTime, "waitTime"), renewal);
  }

  /**
   * This policy with its own renewal.
   *
   * @param renewal whether a watchdog renews the lease; {@link Renewal#DEFAULT} keeps the executor's
   * @return a new policy; this one is unchanged
   */
  public LockPolicy renewal(Renewal renewal) {
    return new LockPolicy(leaseTime, waitTime, Objects.requireNonNull(renewal, "renewal"));
  }

  /**
   * {@code defaults} with this policy's changes.
   *
   * @param defaults the executor's default options
   * @return {@code defaults} with the lease time, wait time and renewal this policy sets
   * @throws IllegalArgumentException when the result is invalid, e.g. renewal of a lease under 30 ms
   */
  public LockOptions applyTo(LockOptions defaults) {
    LockOptions.Builder options = defaults.toBuilder();
    if (leaseTime != null) {
      options.leaseTime(leaseTime);
    }
    if (waitTime != null) {
      options.waitTime(waitTime);
    }
    if (renewal != Renewal.DEFAULT) {
      options.renewal(renewal == Renewal.ON);
    }
    return options.build();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LockPolicy other
        && Objects.equals(other.leaseTime, leaseTime)
        && Objects.equals(other.waitTime, waitTime)
        && other.renewal == renewal;
  }

  @Override
  public int hashCode() {
    return Objects.hash(leaseTime, waitTime, renewal);
  }

  @Override
  public String toString() {
    return "LockPolicy[leaseTime=" + (leaseTime == null ? "default" : leaseTime)
        + ", waitTime=" + (waitTime == null ? "default" : waitTime) + ", renewal=" + renewal + "]";
  }
}
