package dev.lockkey.redis.internal;

import dev.lockkey.LockKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LeaseControl;
import dev.lockkey.lock.LockOptions;
import java.time.Duration;

/**
 * How long Redis holds a lock for its new owner, as the lease may count it: {@code held} from
 * {@code fromNanos}, a {@link System#nanoTime()} known to be no later than when Redis set that
 * hold (the lease's command was sent then, or the attempt whose queue entry a handover claims).
 *
 * <p>The one rule of this backend's leases, whichever way they come to be (an attempt, a local
 * handoff, a handover from another process, a re-sent script), is enforced here: a lease runs out
 * locally at {@code fromNanos + held}, or {@link LockOptions#leaseTime()} after {@code fromNanos}
 * when that is sooner, so its local deadline is never later than Redis's expiry for its owner. A
 * hold shorter than the lease time is a claim: the lease's first extension raises it, scheduled
 * from what is left of it ({@link Lease}), and a claim is taken only while enough of it is left for
 * that extension to reach Redis before it ends ({@link #takeable}); otherwise the new owner
 * confirms the lock with an attempt of its own under the same owner token, which finds it held
 * and raises it to the lease.
 */
record Hold(long fromNanos, Duration held) {
  /**
   * A claim with less than this left locally is not taken: its first extension, due after a third
   * of what is left, then has two thirds of this to reach Redis.
   */
  static final Duration MIN_CLAIM_LEFT = RemoteWaiters.ENTRY_TTL.dividedBy(4);

  /** The whole {@code lease}, set by a command sent at {@code sentAtNanos}. */
  static Hold lease(long sentAtNanos, Duration lease) {
    return new Hold(sentAtNanos, lease);
  }

  /**
   * Whether a lease asked for {@code leaseTime} may count on this hold now: it is the whole lease
   * time, or a claim with at least {@link #MIN_CLAIM_LEFT} left.
   */
  boolean takeable(Duration leaseTime) {
    return !isClaim(leaseTime) || fromNanos + held.toNanos() - System.nanoTime() >= MIN_CLAIM_LEFT.toNanos();
  }

  /** The lease on this hold; its watchdog is not started yet. Only for a {@link #takeable} hold. */
  Lease lease(LeaseControl control, LockKey key, String fullKey, String owner, long token, LockOptions options) {
    return isClaim(options.leaseTime()) ? new Lease(control, key, fullKey, owner, token, options, fromNanos, held)
        : new Lease(control, key, fullKey, owner, token, options, fromNanos);
  }

  private boolean isClaim(Duration leaseTime) {
    return held.compareTo(leaseTime) < 0;
  }
}
