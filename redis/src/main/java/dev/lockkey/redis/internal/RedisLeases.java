package dev.lockkey.redis.internal;

import dev.lockkey.internal.OwnerTokens;
import dev.lockkey.internal.LeaseRenewer;
import dev.lockkey.LockKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockInterruptedException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.lock.MultiLease;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The leases of one executor: grants them, releases and extends them by {@link LockCommands}
 * (a release passes the lock to the next local waiter in the same round trip, and that waiter's
 * thread takes its lease: a release never does another thread's acquisition), and counts those
 * held and renewing ({@link LiveLeases}, which also reclaims leases left to run out). Thread-safe.
 */
public final class RedisLeases {
  private final LockCommands commands;
  private final ReleaseNotifier notifier;
  private final LocalWaitQueue waitQueue;
  private final LeaseRenewer renewer;
  private final LockListener listener;
  private final Clock clock;
  private final LiveLeases live;

  /**
   * @param listener told of every acquisition, release, loss and failure; must not throw
   * @param clock the wall clock, for {@link Lease#expiry()} only
   */
  public RedisLeases(LockCommands commands, ReleaseNotifier notifier, LocalWaitQueue waitQueue, LeaseRenewer renewer,
      LockListener listener, Clock clock) {
    this.commands = commands;
    this.notifier = notifier;
    this.waitQueue = waitQueue;
    this.renewer = renewer;
    this.listener = listener;
    this.clock = clock;
    this.live = new LiveLeases(waitQueue);
    long sweepNanos = LiveLeases.SWEEP_PERIOD.toNanos();
    renewer.housekeeping().scheduleWithFixedDelay(live::sweep, sweepNanos, sweepNanos, TimeUnit.NANOSECONDS);
  }

  /** How many leases of this executor are neither released nor found lost nor run out. */
  public int held() {
    return live.held();
  }

  /** How many of the {@link #held()} leases the watchdog renews. */
  public int renewing() {
    return live.renewing();
  }

  /**
   * A lease on one lock, taken (or handed over) for {@code owner} from the local {@code queue},
   * counting on no more than {@code hold} (a {@link Hold#takeable} one); its watchdog is not
   * started yet. Called by the thread that will hold it.
   */
  Lease grant(LockKey key, LockNames names, KeyQueue queue, String owner, long token, LockOptions options,
      Hold hold) {
    RedisLeaseControl control = new RedisLeaseControl(this, List.of(names), queue);
    Lease lease = hold.lease(control, key, names.lock(), owner, token, options);
    live.add(lease, control);
    return lease;
  }

  /**
   * Leases on locks of one slot taken together for {@code owner}, counting on {@code hold};
   * watchdogs started.
   */
  MultiLease grantTogether(List<LockKey> keys, List<LockNames> names, String owner, long[] tokens,
      LockOptions options, Hold hold) {
    RedisLeaseControl control = new RedisLeaseControl(this, names, null);
    List<Lease> leases = new ArrayList<>(keys.size());
    for (int i = 0; i < keys.size(); i++) {
      Lease lease = hold.lease(control, keys.get(i), names.get(i).lock(), owner, tokens[i], options);
      leases.add(lease);
      live.add(lease, control);
    }
    leases.forEach(Lease::startRenewal);
    return MultiLease.of(leases, true);
  }

  /** Releases leases of one control, the callers holding their locks; a single lease's next local waiter gets the lock. */
  boolean[] release(RedisLeaseControl control, List<Lease> leases) {
    Lease first = leases.get(0);
    KeyQueue queue = control.queue();
    try {
      KeyQueue.Waiter next = queue == null ? null : queue.claimNext(first);
      if (next != null && !commands.waitsForReplicas()) {
        return new boolean[] {handOff(control.namesOf(leases).get(0), first, next)};
      }
      boolean[] released;
      try {
        released = commands.release(control.namesOf(leases), first.ownerToken());
      } finally {
        if (next != null) {
          // with replica acknowledgement the waiter takes the lock itself, so that its acquire waits for them
          next.queue.giveTurn(next);
        }
      }
      return released;
    } catch (LockException e) {
      throw reported(first.key(), e);
    } finally {
      if (queue != null) {
        waitQueue.leave(queue, first); // unless handed over already
      }
    }
  }

  /**
   * Releases {@code lease} and passes its lock to the claimed waiter by the handoff script, then
   * hands the waiter what the script did ({@link LocalHandoff}); the waiter's own thread finishes
   * its acquisition ({@link LockAcquirer}: its lease, renewal and listener, or its wait in Redis).
   * This thread only chooses the waiter's owner token and, on a turn to look elsewhere, watches the
   * release channel for it before the script runs (see {@link RemoteWaiter} for why), so that a
   * waiter the script queues in Redis behind a waiter elsewhere is woken by the release that hands
   * the lock back, without an attempt of its own.
   */
  private boolean handOff(LockNames names, Lease lease, KeyQueue.Waiter next) {
    boolean look = next.queue.looksElsewhere();
    RemoteWaiter successor = new RemoteWaiter(notifier, commands, List.of(names), OwnerTokens.next(), next.thread());
    boolean heard = look && successor.watchIfHeard();
    long sentAtNanos = System.nanoTime();
    LockCommands.HandoffResult result = null;
    try {
      result = commands.handoff(names, lease.ownerToken(), successor.owner(), next.options.leaseTime(), look, heard);
      return result.outcome() != LockCommands.Handoff.NOT_OWNER;
    } finally {
      next.queue.handOver(next, new LocalHandoff(successor, result, sentAtNanos, look));
    }
  }

  /** Extends leases of one control, the callers holding their locks. */
  boolean[] extend(RedisLeaseControl control, List<Lease> leases, Duration leaseTime) {
    try {
      return commands.extend(control.namesOf(leases), leases.get(0).ownerToken(), leaseTime);
    } catch (LockException e) {
      throw reported(leases.get(0).key(), e);
    }
  }

  /** A lease stopped being held: counted off, and when lost, local waiters no longer wait for it. */
  void ended(RedisLeaseControl control, Lease lease, boolean lost) {
    live.remove(lease); // unless the sweep found it run out already
    if (lost && control.queue() != null) {
      waitQueue.leave(control.queue(), lease);
    }
  }

  /**
   * Tells the listener about a failure other than a timeout or an interruption (off the renewal
   * threads: a renewal's failure is told on the callback thread), and returns it.
   */
  LockException reported(LockKey key, LockException e) {
    if (!(e instanceof LockTimeoutException) && !(e instanceof LockInterruptedException)) {
      renewer.tell(() -> listener.onError(key, e));
    }
    return e;
  }

  LeaseRenewer renewer() {
    return renewer;
  }

  LockListener listener() {
    return listener;
  }

  Clock clock() {
    return clock;
  }
}
