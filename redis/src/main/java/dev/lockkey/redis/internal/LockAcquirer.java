package dev.lockkey.redis.internal;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.internal.OwnerTokens;
import dev.lockkey.lock.Fairness;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.redis.RedisUnavailableException;
import java.util.List;

/**
 * Takes one lock: queues behind the other threads of this executor that want it
 * ({@link LocalWaitQueue}), and when it is this thread's turn, runs an {@link Acquisition} against
 * Redis. Uncontended, that is one round trip. A Redis failure reaches the threads queued behind
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
    boolean ran = false;
    try {
      if (me.state() != KeyQueue.Waiter.TURN) {
        listener.onContended(key);
        Lease handedOver = waitQueue.awaitTurn(me, deadlineNanos);
        if (handedOver != null) {
          return handedOver;
        }
      }
      Acquisition.Queued queued = me.queued();
      String owner = queued != null ? queued.owner() : OwnerTokens.next();
      Acquisition acquisition = new Acquisition(commands, notifier, listener, List.of(key), List.of(names), owner,
          options.leaseTime(), deadlineNanos);
      if (queued != null) {
        acquisition.queued(queued);
      }
      if (options.fairness() == Fairness.BARGING) {
        acquisition.barging();
      }
      ran = true;
      Acquisition.Taken taken = acquisition.run(wait);
      if (taken == null) {
        if (wait) {
          throw timedOut(listener, key, names.lock(), options, startNanos);
        }
        waitQueue.leave(queue, me);
        return null;
      }
      Lease lease = leases.grant(key, names, queue, owner, taken.tokens()[0], options, taken.hold());
      queue.hold(me, lease);
      lease.startRenewal();
      listener.onAcquired(key, System.nanoTime() - startNanos);
      return lease;
    } catch (RuntimeException | Error e) {
      Acquisition.Queued queued = me.queued();
      if (!ran && queued != null) { // queued in Redis by a handoff, and gone before waiting there
        queued.unwatch(notifier);
        commands.cleanUp(List.of(names), queued.owner(), RemoteWaiters.ENTRY_TTL);
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
