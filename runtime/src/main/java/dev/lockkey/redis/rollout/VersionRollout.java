package dev.lockkey.redis.rollout;

import dev.lockkey.LockKey;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockedWork;
import dev.lockkey.lock.MultiLease;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.internal.AfterWork;
import java.util.List;
import java.util.Objects;

/**
 * Locks that keep both versions' clients apart while a spec moves from version N to N+1. The two
 * versions render different bodies for the same resource, so without care a v1 client and a v2
 * client would both get "the" lock. During the rollout, v2 clients lock both keys (in the
 * executor's canonical multi-key order, so two v2 clients never deadlock); v1 clients, unchanged,
 * lock only theirs and so exclude, and are excluded by, every v2 client.
 *
 * <pre>{@code
 * VersionRollout rollout = config.v1StillDeployed()
 *     ? VersionRollout.lockingBoth(locks)
 *     : VersionRollout.lockingCurrentOnly(locks);
 * rollout.withLock(PaymentCaptureV2Key.of(tenant, orderId, currency), PaymentCaptureKey.of(tenant, orderId),
 *     locks.defaultOptions(), lease -> ledger.capture(order, lease.fencingToken()));
 * }</pre>
 *
 * Rollout steps:
 * <ol>
 *   <li>Deploy version N+1 with {@link #lockingBoth}.
 *   <li>When no instance of version N runs any more, switch to {@link #lockingCurrentOnly} (by
 *       configuration or a deploy). Mixing both modes is safe: every N+1 client locks the N+1 key.
 *   <li>Later, drop the previous spec from the code.
 * </ol>
 *
 * <p>Fencing: while both keys are locked, the work gets the previous key's lease, whose tokens
 * continue the sequence that version N clients hand to the guarded resource. Once only the current
 * key is locked, its tokens start at Redis TIME in microseconds and so lie above the previous
 * key's (see {@link RedisLockExecutor}). Immutable and thread-safe.
 */
public final class VersionRollout {
  private final RedisLockExecutor executor;
  private final boolean lockingBoth;

  private VersionRollout(RedisLockExecutor executor, boolean lockingBoth) {
    this.executor = Objects.requireNonNull(executor, "executor");
    this.lockingBoth = lockingBoth;
  }

  /** While clients of the previous version may still run: lock the current and the previous key. */
  public static VersionRollout lockingBoth(RedisLockExecutor executor) {
    return new VersionRollout(executor, true);
  }

  /** Once no client of the previous version runs: lock the current key only. */
  public static VersionRollout lockingCurrentOnly(RedisLockExecutor executor) {
    return new VersionRollout(executor, false);
  }

  /** Whether this locks the previous version's key too. */
  public boolean isLockingBoth() {
    return lockingBoth;
  }

  /**
   * Takes the current key's lock, and the previous key's when {@link #isLockingBoth()}: all or
   * none, waiting at most the options' wait time in all.
   *
   * @param current the key as this version renders it
   * @param previous the same resource's key as the previous version renders it
   * @throws IllegalArgumentException when {@code previous} is not of a lower spec version
   * @throws LockException as {@link RedisLockExecutor#acquireAll}
   */
  public MultiLease acquire(LockKey current, LockKey previous, LockOptions options) {
    requireVersions(current, previous);
    return executor.acquireAll(lockingBoth ? List.of(current, previous) : List.of(current), options);
  }

  /**
   * Runs {@code work} holding the locks {@link #acquire} takes, and releases them, also when the
   * work throws. The work gets the lease whose fencing token to pass on: the previous key's while
   * both are locked, else the current key's. Once the work ran, its outcome is what the caller
   * gets: a release failing afterwards goes to the listener and the log, as in
   * {@link RedisLockExecutor#withLock}.
   *
   * @throws E what the work threw, unchanged (a failed release suppressed in it)
   * @throws LockException as {@link #acquire}: only when the work did not run
   */
  public <T, E extends Exception> T withLock(LockKey current, LockKey previous, LockOptions options,
      LockedWork<T, E> work) throws E {
    Objects.requireNonNull(work, "work");
    MultiLease leases = acquire(current, previous, options);
    return AfterWork.run(work, leases.lease(lockingBoth ? previous : current), leases::release);
  }

  private static void requireVersions(LockKey current, LockKey previous) {
    int from = previous.spec().version();
    int to = current.spec().version();
    if (from >= to) {
      throw new IllegalArgumentException("a rollout goes from a lower to a higher spec version: previous "
          + previous.spec().simpleName() + " is v" + from + ", current " + current.spec().simpleName() + " is v" + to);
    }
  }

  @Override
  public String toString() {
    return "VersionRollout[" + (lockingBoth ? "locking both" : "locking current only") + "]";
  }
}
