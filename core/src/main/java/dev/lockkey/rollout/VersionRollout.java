package dev.lockkey.rollout;

import dev.lockkey.LockKey;
import dev.lockkey.internal.AfterWork;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockedWork;
import dev.lockkey.lock.MultiLease;
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
 * <p>It needs only the lock contract, so it runs on any {@link LockExecutor}: Redis or DynamoDB.
 *
 * <p>Fencing: while both keys are locked, the work gets the previous key's lease, whose tokens
 * continue the sequence that version N clients hand to the guarded resource. Once only the current
 * key is locked, its tokens lie above the previous key's: both backends start a key's tokens at a
 * clock in microseconds (Redis TIME; the DynamoDB taker's clock), far above the count of the
 * previous key's holders. A backend of one's own needs the same for tokens to keep rising across
 * the switch. Immutable and thread-safe.
 */
public final class VersionRollout {
  private final LockExecutor executor;
  private final boolean lockingBoth;

  private VersionRollout(LockExecutor executor, boolean lockingBoth) {
    this.executor = Objects.requireNonNull(executor, "executor");
    this.lockingBoth = lockingBoth;
  }

  /**
   * While clients of the previous version may still run: lock the current and the previous key.
   *
   * @param executor the executor that takes the locks
   * @return a rollout that locks both keys
   */
  public static VersionRollout lockingBoth(LockExecutor executor) {
    return new VersionRollout(executor, true);
  }

  /**
   * Once no client of the previous version runs: lock the current key only.
   *
   * @param executor the executor that takes the locks
   * @return a rollout that locks the current key only
   */
  public static VersionRollout lockingCurrentOnly(LockExecutor executor) {
    return new VersionRollout(executor, false);
  }

  /**
   * Whether this locks the previous version's key too.
   *
   * @return whether this locks the previous version's key too
   */
  public boolean isLockingBoth() {
    return lockingBoth;
  }

  /**
   * Takes the current key's lock, and the previous key's when {@link #isLockingBoth()}: all or
   * none, waiting at most the options' wait time in all.
   *
   * @param current the key as this version renders it
   * @param previous the same resource's key as the previous version renders it
   * @param options the options of this call
   * @return the leases; close it to release them
   * @throws IllegalArgumentException when {@code previous} is not of a lower spec version
   * @throws LockException as {@link LockExecutor#acquireAll}
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
   * {@link LockExecutor#withLock(LockKey, LockOptions, LockedWork)}.
   *
   * @param <T> the type of the work's result
   * @param <E> the checked exception the work may throw
   * @param current the key of the current version
   * @param previous the key of the previous version
   * @param options the options of this call
   * @param work the work to run while the lock is held
   * @return what the work returned
   * @throws E what the work threw, unchanged (a failed release suppressed in it)
   * @throws LockException as {@link #acquire}: only when the work did not run
   */
  public <T, E extends Exception> T withLock(LockKey current, LockKey previous, LockOptions options,
      LockedWork<T, E> work) throws E {
    Objects.requireNonNull(work, "work");
    MultiLease leases = acquire(current, previous, options);
    return AfterWork.run(executor, work, leases.lease(lockingBoth ? previous : current), leases::release);
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
