package dev.lockkey.leader;

import dev.lockkey.LockKey;
import dev.lockkey.internal.Durations;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockOptions;
import java.time.Duration;
import java.util.Objects;

/**
 * One leader election: its key, the lease a leader holds, how candidates retry, and who hears the
 * outcome. Immutable and thread-safe; each {@code with} method returns a changed copy:
 *
 * <pre>{@code
 * LeaderCandidate candidate = Leadership.of(BillingLeaderKey.of("eu"))
 *     .leaseTime(Duration.ofSeconds(10))
 *     .listener(new LeadershipListener() {
 *       public void onElected(LeadershipTerm term) { billing.startLeading(term); }
 *       public void onRevoked(LeadershipTerm term, Revocation reason) { billing.stopLeading(); }
 *     })
 *     .start(executor);
 * // ...
 * candidate.close(); // steps down: onRevoked(STEPPED_DOWN), then the lease is released
 * }</pre>
 *
 * <p>It runs on the backend-neutral lock contract alone: a leader is the holder of the key's lock
 * (purpose {@value #DEFAULT_PURPOSE}, so an ordinary lock of the same key is another lock), renewed
 * every third of its lease time; the lease's fencing token is the term's. Every backend therefore
 * elects the same way; how soon a successor notices a free lease is the backend's waiting (Redis:
 * a release wakes it, an expiry within its poll of at most 0.5 s).
 *
 * <p>Defaults: lease time {@value #DEFAULT_LEASE_SECONDS} s, retry after a store failure from
 * 100 ms doubling to 5 s, no listener.
 */
public final class Leadership {
  /** The default purpose word: leaders' leases are {@code leader:env:{body}}. */
  public static final String DEFAULT_PURPOSE = "leader";
  /** The default lease time in seconds. */
  public static final long DEFAULT_LEASE_SECONDS = 10;

  private final LockKey key;
  private final Duration leaseTime;
  private final Duration minRetry;
  private final Duration maxRetry;
  private final String purpose;
  private final LeadershipListener listener;

  private Leadership(LockKey key, Duration leaseTime, Duration minRetry, Duration maxRetry, String purpose,
      LeadershipListener listener) {
    this.key = key;
    this.leaseTime = leaseTime;
    this.minRetry = minRetry;
    this.maxRetry = maxRetry;
    this.purpose = purpose;
    this.listener = listener;
  }

  /**
   * An election of {@code key} with the defaults.
   *
   * @param key the key whose holder leads
   * @return the election's description
   */
  public static Leadership of(LockKey key) {
    return new Leadership(Objects.requireNonNull(key, "key"), Duration.ofSeconds(DEFAULT_LEASE_SECONDS),
        Duration.ofMillis(100), Duration.ofSeconds(5), DEFAULT_PURPOSE, LeadershipListener.NONE);
  }

  /**
   * This election with another lease time: how long the store keeps a leader that stopped renewing
   * (crashed, paused, cut off), so the longest time without a leader after a crash is about this
   * plus a successor's poll.
   *
   * @param leaseTime at least 30 ms (renewal runs every third of it), at most 100 years
   * @return a changed copy
   * @throws IllegalArgumentException when out of range
   */
  public Leadership leaseTime(Duration leaseTime) {
    Duration checked = Durations.requireMillisBetweenOneAnd("leaseTime", leaseTime, LockOptions.MAX_LEASE_TIME);
    if (checked.compareTo(LockOptions.MIN_RENEWED_LEASE_TIME) < 0) {
      throw new IllegalArgumentException("leaseTime must be at least "
          + Durations.describe(LockOptions.MIN_RENEWED_LEASE_TIME) + " (it is renewed), was " + Durations.describe(checked));
    }
    return new Leadership(key, checked, minRetry, maxRetry, purpose, listener);
  }

  /**
   * This election with another retry after a store failure: the first retry after {@code min},
   * each further one after twice as long, at most {@code max} (each jittered by up to a fifth).
   *
   * @param min the first delay, at least 1 ms
   * @param max the longest delay, at least {@code min}
   * @return a changed copy
   * @throws IllegalArgumentException when out of range
   */
  public Leadership retry(Duration min, Duration max) {
    Duration first = Durations.requireMillisBetweenOneAnd("min", min, LockOptions.MAX_WAIT_TIME);
    Duration last = Durations.requireMillisBetweenOneAnd("max", max, LockOptions.MAX_WAIT_TIME);
    if (last.compareTo(first) < 0) {
      throw new IllegalArgumentException("max must be at least min (" + Durations.describe(first) + "), was "
          + Durations.describe(last));
    }
    return new Leadership(key, leaseTime, first, last, purpose, listener);
  }

  /**
   * This election with another purpose word for its lease's key (a word of the key format).
   *
   * @param purpose the purpose word instead of {@value #DEFAULT_PURPOSE}
   * @return a changed copy
   * @throws IllegalArgumentException when not a word, or too long
   */
  public Leadership purpose(String purpose) {
    LockOptions.builder().purpose(purpose); // the lock options' rule, checked now rather than at start
    return new Leadership(key, leaseTime, minRetry, maxRetry, purpose, listener);
  }

  /**
   * This election told to {@code listener}.
   *
   * @param listener who hears elections and revocations
   * @return a changed copy
   */
  public Leadership listener(LeadershipListener listener) {
    return new Leadership(key, leaseTime, minRetry, maxRetry, purpose, Objects.requireNonNull(listener, "listener"));
  }

  /**
   * Makes this instance a candidate of the election through {@code executor}: a thread of its own
   * tries to take the lease, leads while it holds it, and tries again when it lost it.
   *
   * @param executor the lock executor of the store to elect in (the caller keeps owning it: close
   *     the candidate first)
   * @return the running candidate; close it to step down
   */
  public LeaderCandidate start(LockExecutor executor) {
    return LeaderCandidate.start(this, Objects.requireNonNull(executor, "executor"));
  }

  /** {@return the key whose holder leads} */
  public LockKey key() {
    return key;
  }

  /** {@return the lease time of a leader} */
  public Duration leaseTime() {
    return leaseTime;
  }

  /** {@return the first delay after a store failure} */
  public Duration minRetry() {
    return minRetry;
  }

  /** {@return the longest delay after store failures} */
  public Duration maxRetry() {
    return maxRetry;
  }

  /** {@return the purpose word of the lease's key} */
  public String purpose() {
    return purpose;
  }

  /** {@return who hears elections and revocations} */
  public LeadershipListener listener() {
    return listener;
  }

  /** The options of the leader's lease: renewed, waiting one lease time per attempt. */
  LockOptions lockOptions() {
    return LockOptions.builder().leaseTime(leaseTime).waitTime(leaseTime).renewal(true).purpose(purpose).build();
  }

  @Override
  public String toString() {
    return "Leadership[" + key + ", leaseTime=" + Durations.describe(leaseTime) + ", purpose=" + purpose + "]";
  }
}
