package dev.lockkey.redis.internal;

import java.time.Duration;

/**
 * Wake one across processes: how the waiters of different executors queue for a lock in Redis,
 * and how a release hands the lock to the first of them. A waiting attempt that finds the lock held
 * joins the lock's queue ({@link LockNames#waiters()}, {@link LockNames#waiting()}) in the same
 * script; the holder's release hands the lock to the first waiter whose entry still lives (that
 * waiter's owner token, a new fencing token, a claim lease as long as the rest of the entry's life)
 * and publishes that owner token, the fencing token and the entry's end on the lock's release
 * channel ({@link HandoverMessage}), so that only that waiter is woken and holds the lock without another
 * round trip ({@link Acquisition}): its lease starts as the claim, counted locally from when it sent
 * the attempt that left that entry (before the release ran), and its first extension, off the
 * critical path, raises it to the lease. A claim is taken only with enough of it left for that
 * extension, which is due after a third of what is left ({@link Hold}).
 * A release within one executor (a local handoff) passes the lock {@link #LOCAL_TURNS} times in a
 * row without looking at the queue (which costs those handoffs no queue reads); the next handoff
 * looks, and the queue's head gets the lock when someone queues, or every waiter elsewhere hears
 * 'released' when waiters without a queue entry (several locks at once, a full queue) wait.
 *
 * <p>Nothing outlives the contention: each entry lives {@link #ENTRY_TTL} past its waiter's last
 * attempt (a waiter tries again at least every {@link Acquisition#MAX_POLL}), both keys expire with
 * the last entry, and a dead waiter handed the lock holds it no longer than its entry would have
 * lived. A waiter that gives up takes itself out of the queue (and passes the lock on if it was
 * handed it meanwhile). Retried scripts keep their meaning: a second enqueue keeps the first place,
 * a second release or handoff finds the new owner in place.
 */
final class RemoteWaiters {
  /** How long a queue entry lives past its waiter's last attempt: the contention marker's life. */
  static final Duration ENTRY_TTL = LockCommands.CONTENDED_MARKER_TTL;
  /** How many waiters one lock's queue holds at most; more wait by polling and 'released' messages. */
  static final int MAX_WAITERS = 64;
  /** How many times in a row a lock passes within one executor before a handoff looks for others. */
  static final int LOCAL_TURNS = 4;

  private RemoteWaiters() {}

  /** The acquire script's queue mode: not queued, joining, or queued before (it leaves on taking). */
  enum Mode {
    NONE("0"), JOIN("1"), QUEUED("2");

    final String arg;

    Mode(String arg) {
      this.arg = arg;
    }
  }
}
