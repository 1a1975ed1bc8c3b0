package dev.lockkey.redis.internal;

import dev.lockkey.LockKey;
import dev.lockkey.lock.AlreadyHeldException;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.RedisUnavailableException;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The threads of one executor that want one lock, in arrival order (one entry of the
 * {@link LocalWaitQueue}). At most one of them, the
 * holder, tries the lock in Redis or holds it; the others wait here instead of polling Redis. When
 * the holder's lease ends, the next waiter gets the lock directly (a handoff, in the same round
 * trip as the release: the waiter's own thread then takes its lease) or its turn to try. A holder lease that ran out without a release (a leak, a
 * stuck thread) no longer blocks the waiters. When the holder meets a Redis failure, the waiters
 * queued then fail with it at once: they would meet it too, one after another, each after the
 * client's timeouts, and the last ones would run out of wait time and blame a holder. No I/O
 * happens under this queue's lock.
 */
final class KeyQueue {
  /** One thread waiting for its turn. */
  static final class Waiter {
    static final int WAITING = 0;
    /** A releaser picked this waiter and is handing the lock over: the outcome follows shortly. */
    static final int CLAIMED = 1;
    /** This waiter is the holder now and must try the lock in Redis itself. */
    static final int TURN = 2;
    /**
     * A releaser handed this waiter what its handoff did ({@link #handoff()}): the waiter's own
     * thread finishes its acquisition with it.
     */
    static final int HANDED = 3;
    static final int CANCELLED = 4;
    /** The holder met a Redis failure: this waiter fails with it ({@link #failure()}). */
    static final int FAILED = 5;

    final KeyQueue queue;
    final LockKey key;
    final LockOptions options;
    final long startNanos;
    private final Thread thread = Thread.currentThread();
    private final AtomicInteger state;
    private volatile LocalHandoff handoff;
    private volatile RuntimeException failure;

    private Waiter(KeyQueue queue, LockKey key, LockOptions options, long startNanos, int state) {
      this.queue = queue;
      this.key = key;
      this.options = options;
      this.startNanos = startNanos;
      this.state = new AtomicInteger(state);
    }

    int state() {
      return state.get();
    }

    /** The thread that waits. */
    Thread thread() {
      return thread;
    }

    /** Once {@link #HANDED}: what the releaser's handoff did for this waiter. */
    LocalHandoff handoff() {
      return handoff;
    }

    /** Once {@link #FAILED}: the failure the holder met, as this waiter's own exception. */
    RedisUnavailableException failure() {
      return new RedisUnavailableException(queue.lockName, failure);
    }
  }

  final String lockName;
  private final ReentrantLock lock = new ReentrantLock();
  private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
  /** {@code null} when free, else the {@link Waiter} trying in Redis or the {@link Lease} holding the lock. */
  private Object holder;
  /** The thread that took or received the holder's lock, or {@code null} when free. */
  private Thread holderThread;
  /**
   * How many handoffs passed the lock within this queue, without looking for waiters elsewhere,
   * since it was taken from Redis or the last handoff that looked ({@link #looksElsewhere()}).
   */
  private int blindPasses;

  KeyQueue(String lockName) {
    this.lockName = lockName;
  }

  /**
   * Enters the queue: the returned waiter is {@link Waiter#TURN} when the caller is the holder
   * now, {@link Waiter#WAITING} when queued; {@code null} when the lock is busy here and the caller
   * does not wait, or when the calling thread holds the lock itself and does not wait.
   *
   * @throws AlreadyHeldException when the calling thread holds the lock itself (its lease has not
   *     run out) and would wait: only its own lease running out could end that wait
   */
  Waiter enter(LockKey key, LockOptions options, long startNanos, boolean wait) {
    lock.lock();
    try {
      if (holder == null && waiters.isEmpty()) {
        Waiter waiter = new Waiter(this, key, options, startNanos, Waiter.TURN);
        holder = waiter;
        holderThread = waiter.thread;
        return waiter;
      }
      if (!wait) {
        return null;
      }
      refuseReentryLocked();
      Waiter waiter = new Waiter(this, key, options, startNanos, Waiter.WAITING);
      waiters.addLast(waiter);
      return waiter;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Throws when the calling thread holds this lock (its lease has not run out).
   *
   * @throws AlreadyHeldException then
   */
  void refuseReentry() {
    lock.lock();
    try {
      refuseReentryLocked();
    } finally {
      lock.unlock();
    }
  }

  private void refuseReentryLocked() {
    if (holderThread == Thread.currentThread() && holder instanceof Lease held && held.remainingNanos() > 0) {
      throw new AlreadyHeldException(lockName);
    }
  }

  /**
   * The waiter whose turn it was (it took the lock in Redis), or that was handed the lock, holds
   * it now by {@code lease}.
   *
   * @param passedBlind whether a handoff passed the lock within this queue without looking for
   *     waiters elsewhere ({@link #looksElsewhere()} counts those passes)
   */
  void hold(Waiter turn, Lease lease, boolean passedBlind) {
    lock.lock();
    try {
      if (holder == turn) {
        holder = lease;
        blindPasses = passedBlind ? blindPasses + 1 : 0;
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * {@code current} (a waiter or lease) stops holding: the next waiter gets its turn, or the queue
   * is free. Does nothing when {@code current} is not the holder (any more).
   */
  void pass(Object current) {
    Waiter next;
    lock.lock();
    try {
      if (holder != current) {
        return;
      }
      next = claimLocked();
      holder = next;
      holderThread = next == null ? null : next.thread;
    } finally {
      lock.unlock();
    }
    if (next != null) {
      giveTurn(next);
    }
  }

  /**
   * When {@code current} holds the lock and a waiter is queued, makes that waiter the holder (the
   * caller then hands the lock over and calls {@link #handOver} or {@link #giveTurn}) and returns it.
   * Otherwise returns {@code null} and changes nothing.
   */
  Waiter claimNext(Lease current) {
    lock.lock();
    try {
      if (holder != current) {
        return null;
      }
      Waiter next = claimLocked();
      if (next != null) {
        holder = next;
        holderThread = next.thread;
      }
      return next;
    } finally {
      lock.unlock();
    }
  }

  private Waiter claimLocked() {
    for (Iterator<Waiter> it = waiters.iterator(); it.hasNext(); ) {
      Waiter waiter = it.next();
      it.remove();
      if (waiter.state.compareAndSet(Waiter.WAITING, Waiter.CLAIMED)) {
        return waiter;
      }
    }
    return null;
  }

  /**
   * Whether the next handoff must look for waiters of other executors: after {@link
   * RemoteWaiters#LOCAL_TURNS} passes that did not.
   */
  boolean looksElsewhere() {
    lock.lock();
    try {
      return blindPasses >= RemoteWaiters.LOCAL_TURNS;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Hands the claimed {@code waiter} (the holder now) what the handoff did for it; its own thread
   * finishes: takes its lease ({@link #hold}) or waits in Redis.
   */
  void handOver(Waiter waiter, LocalHandoff handoff) {
    waiter.handoff = handoff;
    waiter.state.set(Waiter.HANDED);
    LockSupport.unpark(waiter.thread);
  }

  /**
   * {@code current} (the waiter trying in Redis) met a Redis failure: every waiter queued now fails
   * with {@code failure} at once, and the queue is free. Does nothing when {@code current} is not
   * the holder (any more).
   */
  void fail(Waiter current, RuntimeException failure) {
    ArrayDeque<Waiter> failed;
    lock.lock();
    try {
      if (holder != current) {
        return;
      }
      failed = new ArrayDeque<>(waiters);
      waiters.clear();
      holder = null;
      holderThread = null;
    } finally {
      lock.unlock();
    }
    for (Waiter waiter : failed) {
      waiter.failure = failure;
      if (waiter.state.compareAndSet(Waiter.WAITING, Waiter.FAILED)) {
        LockSupport.unpark(waiter.thread);
      }
    }
  }

  /** Tells the claimed {@code waiter} (the holder now) to try the lock in Redis itself. */
  void giveTurn(Waiter waiter) {
    waiter.state.set(Waiter.TURN);
    LockSupport.unpark(waiter.thread);
  }

  /** Withdraws a waiting waiter; {@code false} when it was claimed already and its outcome follows. */
  boolean cancel(Waiter waiter) {
    if (!waiter.state.compareAndSet(Waiter.WAITING, Waiter.CANCELLED)) {
      return false;
    }
    lock.lock();
    try {
      waiters.remove(waiter);
    } finally {
      lock.unlock();
    }
    return true;
  }

  /** The lease holding the lock, or {@code null} when none does (free, or a waiter is trying). */
  Lease holdingLease() {
    lock.lock();
    try {
      return holder instanceof Lease lease ? lease : null;
    } finally {
      lock.unlock();
    }
  }

  /** How many threads wait here (not counting the holder). */
  int waiting() {
    lock.lock();
    try {
      return waiters.size();
    } finally {
      lock.unlock();
    }
  }

  /** Whether nobody holds, tries or waits: the executor may forget this queue. */
  boolean isIdle() {
    lock.lock();
    try {
      return holder == null && waiters.isEmpty();
    } finally {
      lock.unlock();
    }
  }
}
