package dev.lockkey.permit;

import dev.lockkey.lock.LockOptions;
import java.util.Objects;

/**
 * How to take a permit: how many permits the key has ({@link #permits()}, N) and the lease of
 * each permit ({@link #lease()}: lease time, wait time, renewal, {@code onLost}). Immutable and
 * thread-safe: {@code PermitOptions.of(5)} or
 * {@code PermitOptions.builder().permits(5).lease(LockOptions.builder().renewal(true).build()).build()}.
 *
 * <p><b>Changing N.</b> N is not stored with the key: every acquisition passes its own, and is
 * admitted only while fewer than its N live permits are held (and no earlier waiter is ahead of it).
 * So N may change at any time, also while permits are held: lowering it takes no permit away (those
 * held above the new N stay until released or run out) and admits nobody until fewer than the new
 * N are held; raising it admits waiters at their next attempt (within a poll, at most a second).
 * Callers passing different N at the same time each get their own bound: with 3 and 5, at most 5
 * are held, and a caller asking with 3 gets in only while fewer than 3 are.
 */
public final class PermitOptions {
  /** The most permits a key may have: a bound on what one script reads, not a business limit. */
  public static final int MAX_PERMITS = 10_000;

  private final int permits;
  private final LockOptions lease;

  private PermitOptions(Builder builder) {
    this.permits = builder.permits;
    this.lease = builder.lease;
  }

  /**
   * {@code permits} permits per key, each with {@link LockOptions#defaults()}.
   *
   * @param permits N, 1 to {@link #MAX_PERMITS}
   * @return the options
   * @throws IllegalArgumentException when {@code permits} is out of range
   */
  public static PermitOptions of(int permits) {
    return builder().permits(permits).build();
  }

  /**
   * A builder with 1 permit and {@link LockOptions#defaults()}.
   *
   * @return a builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * A builder holding these options.
   *
   * @return a builder holding these options
   */
  public Builder toBuilder() {
    return builder().permits(permits).lease(lease);
  }

  /**
   * How many permits the key has, for this acquisition (N).
   *
   * @return how many permits the key has, for this acquisition
   */
  public int permits() {
    return permits;
  }

  /**
   * The lease of each permit: lease time, wait time, renewal, {@code onLost}; its purpose word names
   * the key's store entries ({@code permits} for the default purpose, else {@code <purpose>-permits}).
   *
   * @return the lease of each permit
   */
  public LockOptions lease() {
    return lease;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PermitOptions other && permits == other.permits && lease.equals(other.lease);
  }

  @Override
  public int hashCode() {
    return Objects.hash(permits, lease);
  }

  @Override
  public String toString() {
    return "PermitOptions[permits=" + permits + ", lease=" + lease + "]";
  }

  /** Builds {@link PermitOptions}; not thread-safe. */
  public static final class Builder {
    private int permits = 1;
    private LockOptions lease = LockOptions.defaults();

    private Builder() {}

    /**
     * How many permits the key has (N), 1 to {@link #MAX_PERMITS} (checked by {@link #build()}).
     *
     * @param permits N
     * @return this builder
     */
    public Builder permits(int permits) {
      this.permits = permits;
      return this;
    }

    /**
     * The lease of each permit.
     *
     * @param lease lease time, wait time, renewal, onLost, purpose
     * @return this builder
     */
    public Builder lease(LockOptions lease) {
      this.lease = Objects.requireNonNull(lease, "lease");
      return this;
    }

    /**
     * The options.
     *
     * @return the options
     * @throws IllegalArgumentException when the number of permits is under 1 or over {@link #MAX_PERMITS}
     */
    public PermitOptions build() {
      if (permits < 1 || permits > MAX_PERMITS) {
        throw new IllegalArgumentException("permits must be between 1 and " + MAX_PERMITS + ", was " + permits);
      }
      return new PermitOptions(this);
    }
  }
}
