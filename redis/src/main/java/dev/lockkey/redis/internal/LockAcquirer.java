package dev.lockkey.redis.internal;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.internal.OwnerTokens;
import dev.lockkey.lock.Fairness;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockInterruptedException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.redis.RedisUnavailableException;
import java.util.List;

/**
 * Takes one lock: queues behind the other threads of this executor that want it
 * ({@link LocalWaitQueue}), and when it is this thread's turn, runs an {@link Acquisition} against
 * Redis. Uncontended, that is one round trip. When a release of this executor passed the lock to
 * this thread ({@link LocalHandoff}), this thread finishes the acquisition itself: takes the lease
 * and starts its renewal, or waits in Redis where the handoff left it, closing the handoff's
 * {@link RemoteWaiter} either way. A Redis failure reaches the threads queued behind
 * at once; a thread that holds the lock and asks again with a wait fails at once too (locks are
 * not reentrant). Thread-safe.
 */
public final class LockAcquirer {
  private final Keyspace keyspace;
  private final LockCommands commands;
  private final ReleaseNotifier notifier;
  private final LocalWaitQueue waitQueue;
  private final RedisLeases leases;
  private final LockListener listener;

  public LockAcquirer(Keyspace keyspace, LockCommands commands, ReleaseNotifier notifier, LocalWaitQueue waitQueue,
      RedisLeases leases, LockListener listener) {
    this.keyspace = keyspace;
    this.commands = commands;
    this.notifier = notifier;
    this.waitQueue = waitQueue;
    this.leases = leases;
    this.listener = listener;
  }

  /**
   * Takes the lock of {@code key}.
   *
   * @param startNanos when the caller's call began, for the listener
   * @param deadlineNanos until when to wait ({@link System#nanoTime()})
   * @param wait whether to wait at all; without, a held lock gives {@code null}
   * @return the lease, or {@code null} when it is held and {@code wait} is false
   * @throws LockTimeoutException when it stayed held until the deadline
   * @throws dev.lockkey.lock.AlreadyHeldException when this thread holds it already and {@code wait}
   * @throws RedisUnavailableException when Redis failed, for this thread or for the one it queued behind
   * @throws LockException when Redis failed or the thread was interrupted
   */
  public Lease acquire(LockKey key, LockOptions options, long startNanos, long deadlineNanos, boolean wait) {
    LockNames names = LockNames.of(keyspace, options.purpose(), key);
    KeyQueue.Waiter me = waitQueue.enter(names.lock(), key, options, startNanos, wait);
    if (me == null) {
      listener.onContended(key);
      return null;
    }
    KeyQueue queue = me.queue;
    RemoteWaiter waiter = null;
    try {
      LocalHandoff handoff = null;
      if (me.state() != KeyQueue.Waiter.TURN) {
        listener.onContended(key);
        handoff = waitQueue.awaitTurn(me, deadlineNanos);
      }
      Acquisition acquisition = null;
      if (handoff != null) {
        waiter = handoff.successor(); // this thread's from now on, whatever the handoff did
        if (handoff.takeable(options.leaseTime())) {
          waiter.close(false);
          return held(me, key, names, waiter.owner(), handoff.result().token(), options, handoff.hold(),
              !handoff.looked(), startNanos);
        }
        if (!handoff.waitsInRedis()) { // the handoff failed or released the lock: this thread tries as itself
          waiter.close(false);
          waiter = null;
        }
        if (Thread.currentThread().isInterrupted()) {
          throw new LockInterruptedException(names.lock()); // interrupted while queued: a waiter in Redis leaves below
        }
        if (waiter != null) {
          acquisition = new Acquisition(commands, listener, List.of(key), waiter, options.leaseTime(), deadlineNanos)
              .afterHandoff(handoff.entry(), handoff.sentAtNanos());
        }
      }
      if (acquisition == null) {
        waiter = new RemoteWaiter(notifier, commands, List.of(names), OwnerTokens.next(), Thread.currentThread());
        acquisition = new Acquisition(commands, listener, List.of(key), waiter, options.leaseTime(), deadlineNanos);
      }
      if (options.fairness() == Fairness.BARGING) {
        acquisition.barging();
      }
      Acquisition.Taken taken = acquisition.run(wait);
      if (taken == null) {
        if (wait) {
          throw timedOut(listener, key, names.lock(), options, startNanos);
        }
        waitQueue.leave(queue, me);
        return null;
      }
      return held(me, key, names, waiter.owner(), taken.tokens()[0], options, taken.hold(), false, startNanos);
    } catch (RuntimeException | Error e) {
      if (waiter != null) {
        // closed already when its acquisition ran; else a handoff may have queued it in Redis
        waiter.close(true);
      }
      if (e instanceof RedisUnavailableException unavailable) {
        waitQueue.fail(queue, me, unavailable); // when we held the turn: those queued behind fail with us now
      } else {
        waitQueue.leave(queue, me); // when we held the turn: the next waiter tries now
      }
      if (e instanceof LockException failure) {
        leases.reported(key, failure);
      }
      throw e;
    }
  }

  /**
   * The lease this thread holds the lock by now, taken by its attempt or passed to it by a handoff
   * ({@code passedBlind}: one that did not look elsewhere); its watchdog started.
   */
  private Lease held(KeyQueue.Waiter me, LockKey key, LockNames names, String owner, long token, LockOptions options,
      Hold hold, boolean passedBlind, long startNanos) {
    Lease lease = leases.grant(key, names, me.queue, owner, token, options, hold);
    me.queue.hold(me, lease, passedBlind);
    lease.startRenewal();
    listener.onAcquired(key, System.nanoTime() - startNanos);
    return lease;
  }

  /**
   * Throws when this thread holds one of {@code locks} through this acquirer: for several keys
   * taken together in one script, outside the local queues.
   *
   * @throws dev.lockkey.lock.AlreadyHeldException then
   */
  void refuseReentry(List<LockNames> locks) {
    locks.forEach(lock -> waitQueue.refuseReentry(lock.lock()));
  }

  /** Tells the listener that the wait for {@code key} timed out, and returns the exception to throw. */
  static LockTimeoutException timedOut(LockListener listener, LockKey key, String fullKey, LockOptions options,
      long startNanos) {
    listener.onTimedOut(key, System.nanoTime() - startNanos);
    return new LockTimeoutException(fullKey, options.waitTime());
  }
}
