package dev.lockkey.redis.internal;

import dev.lockkey.LockKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockInterruptedException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.redis.RedisUnavailableException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The threads of one executor per lock: a FIFO {@link KeyQueue} per full key, which exists only
 * while a thread of the executor holds, tries or waits for that lock. Only the queue's holder talks
 * to Redis; the others park here until the holder's release hands them the lock (or their turn),
 * their wait time runs out, the holder meets a Redis failure (they fail with it at once), or the
 * holder's lease runs out without a release (by the monotonic clock: a lock Redis no longer keeps
 * must not block this executor). A queue is dropped as soon as nobody holds, tries or waits there;
 * a lease left to run out without a release is passed over by the executor's sweep of its leases,
 * so its queue goes too. Thread-safe.
 */
public final class LocalWaitQueue {
  /** How long a waiter whose wait is over keeps waiting for the handoff that a releaser already began. */
  private static final long CLAIMED_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  private final ConcurrentHashMap<String, KeyQueue> queues = new ConcurrentHashMap<>();
  private final LockListener listener;

  public LocalWaitQueue(LockListener listener) {
    this.listener = listener;
  }

  /**
   * Enters the queue of {@code lockName}: the waiter is {@link KeyQueue.Waiter#TURN} when it may
   * try Redis now, {@link KeyQueue.Waiter#WAITING} when queued; {@code null} when the lock is busy
   * here and the caller does not wait. A holder whose lease ran out is passed over first.
   */
  KeyQueue.Waiter enter(String lockName, LockKey key, LockOptions options, long startNanos, boolean wait) {
    KeyQueue.Waiter me = enterOnce(lockName, key, options, startNanos, wait);
    if (me == null && passExpiredHolder(queues.get(lockName))) {
      me = enterOnce(lockName, key, options, startNanos, wait);
    }
    return me;
  }

  private KeyQueue.Waiter enterOnce(String lockName, LockKey key, LockOptions options, long startNanos, boolean wait) {
    KeyQueue.Waiter[] entered = new KeyQueue.Waiter[1];
    queues.compute(lockName, (name, queue) -> {
      KeyQueue current = queue != null ? queue : new KeyQueue(name);
      entered[0] = current.enter(key, options, startNanos, wait);
      return current;
    });
    return entered[0];
  }

  /**
   * Throws when the calling thread holds {@code lockName} through this queue, for callers that
   * take locks without it (several keys of one slot, in one script).
   *
   * @throws dev.lockkey.lock.AlreadyHeldException then
   */
  void refuseReentry(String lockName) {
    KeyQueue queue = queues.get(lockName);
    if (queue != null) {
      queue.refuseReentry();
    }
  }

  /** {@code current} (a waiter or lease) stops holding its queue; the queue is dropped once idle. */
  void leave(KeyQueue queue, Object current) {
    queue.pass(current);
    forget(queue);
  }

  /**
   * {@code current}, the waiter trying in Redis, met {@code failure}: the waiters queued behind it
   * fail with it too, and the queue is dropped once idle.
   */
  void fail(KeyQueue queue, KeyQueue.Waiter current, RedisUnavailableException failure) {
    queue.fail(current, (RuntimeException) failure.getCause());
    forget(queue);
  }

  /** Drops {@code queue} when nobody holds, tries or waits there. */
  void forget(KeyQueue queue) {
    queues.computeIfPresent(queue.lockName, (name, current) -> current == queue && queue.isIdle() ? null : current);
  }

  /**
   * Waits in the local queue until a releaser handed this thread the lock (returns what its handoff
   * did, for this thread to finish with, also when interrupted meanwhile: the interrupt is kept) or
   * it is this thread's turn to try Redis (returns {@code null}).
   *
   * @throws LockInterruptedException when interrupted while queued
   * @throws LockTimeoutException when the deadline passed while queued
   * @throws RedisUnavailableException when the holder met a Redis failure while this thread was queued
   */
  LocalHandoff awaitTurn(KeyQueue.Waiter me, long deadlineNanos) {
    KeyQueue queue = me.queue;
    boolean interrupted = false;
    while (true) {
      int state = me.state();
      if (state == KeyQueue.Waiter.HANDED) {
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
        return me.handoff();
      }
      if (state == KeyQueue.Waiter.FAILED) {
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
        throw me.failure();
      }
      if (state == KeyQueue.Waiter.TURN) {
        if (interrupted) {
          Thread.currentThread().interrupt();
          throw new LockInterruptedException(queue.lockName);
        }
        return null;
      }
      long left = deadlineNanos - System.nanoTime();
      if (interrupted || left <= 0) {
        if (queue.cancel(me)) {
          forget(queue);
          if (interrupted) {
            Thread.currentThread().interrupt();
            throw new LockInterruptedException(queue.lockName);
          }
          throw LockAcquirer.timedOut(listener, me.key, queue.lockName, me.options, me.startNanos);
        }
        LockSupport.parkNanos(queue, CLAIMED_PARK_NANOS); // a releaser is handing over: the outcome is near
        continue;
      }
      if (passExpiredHolder(queue)) {
        continue;
      }
      Lease holding = queue.holdingLease();
      if (holding != null) { // wake when its lease runs out, in case it is never released
        left = Math.min(left, Math.max(1, holding.remainingNanos() + 1));
      }
      // The calls above take the queue's lock, whose parking may use up the unpark of a grant, a
      // turn or a failure that came meanwhile: read the state again, with nothing that parks
      // between that read and the park, or this thread sleeps through its grant until its deadline.
      if (me.state() == state) {
        LockSupport.parkNanos(queue, left);
      }
      interrupted |= Thread.interrupted();
    }
  }

  /** How many keys this executor tracks locally: held, tried or waited for. */
  public int keys() {
    return queues.size();
  }

  /** How many threads wait in the local queues (not counting holders). */
  public int waitingThreads() {
    return queues.values().stream().mapToInt(KeyQueue::waiting).sum();
  }

  /**
   * When the lease holding {@code queue} ran out without a release (leaked, or its thread stuck),
   * lets the next waiter try.
   *
   * @return whether it did
   */
  private static boolean passExpiredHolder(KeyQueue queue) {
    Lease holding = queue == null ? null : queue.holdingLease();
    if (holding == null || holding.remainingNanos() >= 0) {
      return false;
    }
    queue.pass(holding);
    return true;
  }
}
