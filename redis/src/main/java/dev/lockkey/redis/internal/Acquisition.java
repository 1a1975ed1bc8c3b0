package dev.lockkey.redis.internal;

import dev.lockkey.LockKey;
import dev.lockkey.lock.Fairness;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockInterruptedException;
import dev.lockkey.lock.LockListener;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One caller's attempts to take a set of locks (one slot) for one owner: a first attempt, and
 * while they are held and time remains, waiting for a release and trying again. Waiting watches
 * the locks' release channels, subscribing before the next attempt so that a release between a
 * failed attempt and the subscription is never missed (Redisson #1763), and polls as a fallback
 * after at most the holder's remaining lease or {@link #MAX_POLL}, jittered, so a lost message
 * costs a short delay and never a hang. A single lock's waiter also queues for it in Redis, so that
 * the release hands it the lock and wakes it alone ({@link RemoteWaiters}); its polls keep its
 * queue entry alive. What the wait holds in Redis (wake-up, watches, queue entry) is its
 * {@link RemoteWaiter}'s, closed when the acquisition ends. Used by one thread, once.
 */
final class Acquisition {
  /** The longest wait between two attempts when no release is heard. */
  static final Duration MAX_POLL = Duration.ofMillis(500);

  /**
   * How much shorter than the queue entry's life a claim taken from a handover counts locally: the
   * entry's end and the claim's length are each rounded down to a millisecond by Redis (see
   * docs/RELIABILITY.md on the server's clock).
   */
  static final Duration CLAIM_MARGIN = Duration.ofMillis(10);

  /**
   * A successful attempt, or a handover: the fencing tokens, and how long Redis holds the locks
   * from when ({@link Hold}): the whole lease from when the attempt was sent, or for a handover the
   * claim, from when the attempt that left the queue entry was sent.
   */
  record Taken(long[] tokens, Hold hold) {}

  private final LockCommands scripts;
  private final LockListener listener;
  private final List<? extends LockKey> keys;
  private final List<LockNames> locks;
  private final RemoteWaiter waiter;
  private final String owner;
  private final Duration lease;
  private final long deadlineNanos;
  private LockCommands.Attempt last;
  private long lastSentNanos;
  /** Whether a handoff of this executor left {@link #waiter} in Redis (see {@link #afterHandoff}). */
  private boolean handedOff;
  private boolean barging;

  /**
   * @param waiter the wait in Redis for the keys' locks, for the current thread; this acquisition
   *     closes it when it ends
   */
  Acquisition(LockCommands scripts, LockListener listener, List<? extends LockKey> keys, RemoteWaiter waiter,
      Duration lease, long deadlineNanos) {
    this.scripts = scripts;
    this.listener = listener;
    this.keys = keys;
    this.locks = waiter.locks();
    this.waiter = waiter;
    this.owner = waiter.owner();
    this.lease = lease;
    this.deadlineNanos = deadlineNanos;
  }

  /**
   * Starts as the waiter that a handoff of this executor left in Redis (sent at
   * {@code sentAtNanos}): queued behind the waiter elsewhere that got the lock, as its own first
   * attempt would have queued it (until {@code entry}, server ms), it makes no first attempt and
   * waits for the handover or its first poll; with {@code entry} {@link LockCommands.Attempt#NOT_QUEUED}
   * perhaps queued or holding the lock already (a re-sent handoff could not tell, or its hold was
   * too short to take), its first attempt finds out, leaving the queue when it takes the lock.
   */
  Acquisition afterHandoff(long entry, long sentAtNanos) {
    this.handedOff = true;
    if (entry != LockCommands.Attempt.NOT_QUEUED) {
      this.last = new LockCommands.Attempt(null, 0, -1, entry);
      this.lastSentNanos = sentAtNanos;
    }
    return this;
  }

  /**
   * Waits without queueing in Redis for {@link Fairness#BARGING_PATIENCE} ({@link Fairness#BARGING}):
   * a release then wakes this waiter with all others that do not queue, and whoever asks first
   * takes the lock; after that bound this waiter queues, so the next release hands it the lock.
   */
  Acquisition barging() {
    this.barging = true;
    return this;
  }

  /**
   * Attempts once and, if {@code wait}, until taken or the deadline passed.
   *
   * @return the successful attempt, or {@code null} when the locks stayed held
   * @throws LockException when Redis fails or the thread is interrupted
   */
  Taken run(boolean wait) {
    // one lock waited for queues in Redis, so that its release wakes this waiter alone (RemoteWaiters)
    boolean mayQueue = wait && locks.size() == 1;
    boolean queues = handedOff || (mayQueue && !barging && System.nanoTime() - deadlineNanos < 0);
    long patienceEndNanos = System.nanoTime() + Fairness.BARGING_PATIENCE.toNanos();
    Wakeup wakeup = waiter.wakeup();
    // Channels heard already (contention here before, or watched by the handoff) are watched before
    // the first attempt: a release after it cannot go unheard, so a failed first attempt needs no
    // second one.
    boolean heard = waiter.watching() || wait && waiter.watchIfHeard();
    boolean done = false;
    boolean redisFailed = false;
    try {
      Taken taken;
      if (!handedOff || last == null) {
        // (else the handoff that queued this waiter was its first attempt)
        taken = attempt(handedOff ? RemoteWaiters.Mode.QUEUED
            : queues ? RemoteWaiters.Mode.JOIN : RemoteWaiters.Mode.NONE);
        if (taken != null) {
          done = true;
          return taken;
        }
        listener.onContended(blockedKey());
      }
      if (!wait || System.nanoTime() - deadlineNanos >= 0) {
        return null; // a queued waiter out of time already leaves below
      }
      if (!heard) {
        waiter.watch();
        awaitSubscribed(wakeup);
      }
      while (true) {
        if (!heard) {
          wakeup.clear();
          // a barging waiter passed over for too long queues now (the mode that also joins)
          queues |= barging && mayQueue && System.nanoTime() - patienceEndNanos >= 0;
          taken = attempt(queues ? RemoteWaiters.Mode.QUEUED : RemoteWaiters.Mode.NONE);
          if (taken != null) {
            done = true;
            return taken;
          }
        }
        heard = false;
        long left = deadlineNanos - System.nanoTime();
        if (left <= 0) {
          return null;
        }
        if (wakeup.await(Math.min(left, pollDelayNanos(last.pttlMillis())), blockedFullKey())) {
          taken = handedOver(wakeup.handover());
          if (taken != null) {
            done = true;
            return taken;
          }
        }
      }
    } catch (LockException e) {
      redisFailed = !(e instanceof LockInterruptedException);
      throw e;
    } finally {
      // gave up (timed out, interrupted): leave the queue now. After a Redis failure the entry and
      // any claim run out by themselves (see RemoteWaiter#close).
      waiter.close(queues && !done && !redisFailed);
    }
  }

  /** The key of the lock that the last attempt found held. */
  LockKey blockedKey() {
    return keys.get(last.blocked());
  }

  /** The Redis key of the lock that the last attempt found held. */
  String blockedFullKey() {
    return locks.get(last.blocked()).lock();
  }

  private Taken attempt(RemoteWaiters.Mode queue) {
    lastSentNanos = System.nanoTime();
    last = scripts.acquire(locks, owner, lease, queue);
    return last.acquired() ? new Taken(last.tokens(), Hold.lease(lastSentNanos, lease)) : null;
  }

  /**
   * The lock a release handed over with {@code handover}, held from now on without another round
   * trip; {@code null} when this waiter must confirm it with an attempt (or was handed nothing).
   * The claim is the queue entry that the last attempt left, so it is counted from when that
   * attempt was sent: before the script set the entry's life, and so before the release ran. A
   * handover of an older entry (a message late by more than its claim) is never taken this way,
   * nor one whose claim has too little left ({@link Hold#takeable}: the next attempt, under the
   * same owner token, finds the lock held and raises it), nor one when replicas must acknowledge
   * (the acquire must wait for them).
   */
  private Taken handedOver(HandoverMessage handover) {
    if (handover == null || scripts.waitsForReplicas() || last.entry() == LockCommands.Attempt.NOT_QUEUED
        || handover.entry() != last.entry()) {
      return null;
    }
    Hold claim = new Hold(lastSentNanos, RemoteWaiters.ENTRY_TTL.minus(CLAIM_MARGIN));
    return claim.takeable(lease) ? new Taken(new long[] {handover.token()}, claim) : null;
  }

  /** Waits until every channel is subscribed, at most one poll interval (the subscriber may be down). */
  private void awaitSubscribed(Wakeup wakeup) {
    long until = System.nanoTime() + Math.min(deadlineNanos - System.nanoTime(), MAX_POLL.toNanos());
    while (true) {
      wakeup.clear();
      if (waiter.subscribed()) {
        return;
      }
      long left = until - System.nanoTime();
      if (left <= 0) {
        return;
      }
      wakeup.await(left, blockedFullKey());
    }
  }

  /** The holder's remaining lease, at most {@link #MAX_POLL}, jittered down to half so pollers spread out. */
  private static long pollDelayNanos(long pttlMillis) {
    long maxMillis = MAX_POLL.toMillis();
    long millis = pttlMillis < 0 ? maxMillis : Math.max(1, Math.min(pttlMillis, maxMillis));
    long nanos = millis * 1_000_000L;
    return nanos / 2 + ThreadLocalRandom.current().nextLong(nanos / 2 + 1);
  }
}
