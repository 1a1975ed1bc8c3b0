package dev.lockkey.redis.internal;

import java.time.Duration;

/**
 * What a release of this executor handed its next local waiter by the handoff script, for that
 * waiter's own thread to finish its acquisition with ({@link LockAcquirer}): the releaser hands
 * over this and nothing else (no lease, no renewal, no subscription).
 *
 * @param successor the waiter's wait in Redis under the owner token the handoff named, its channel
 *     watched when the handoff looked elsewhere and the subscription was confirmed; from now on
 *     the waiter's to close
 * @param result what the script did, or {@code null} when it failed (the waiter tries itself, and
 *     meets the failure if it lasts; an unknown outcome is cleaned up already)
 * @param sentAtNanos when the script was sent ({@link System#nanoTime()}): no later than when Redis
 *     set what it gave the successor
 * @param looked whether the handoff looked for waiters elsewhere
 */
record LocalHandoff(RemoteWaiter successor, LockCommands.HandoffResult result, long sentAtNanos, boolean looked) {
  /** Whether the lock was passed to the successor: it holds it for {@link #hold()}. */
  boolean passed() {
    return result != null && result.outcome() == LockCommands.Handoff.PASSED;
  }

  /** How long Redis holds the lock for the successor, once {@link #passed()}. */
  Hold hold() {
    return new Hold(sentAtNanos, result.held());
  }

  /**
   * Whether the lease may be taken as passed: the lock was passed with a {@link Hold#takeable} hold.
   * Otherwise (a re-sent handoff found the successor holding on a claim nearly over) the waiter
   * confirms it by an attempt under the same owner token.
   */
  boolean takeable(Duration leaseTime) {
    return passed() && hold().takeable(leaseTime);
  }

  /**
   * When not {@link #takeable}: whether the waiter goes on under the successor's owner token,
   * waiting in Redis: it holds the lock on a claim too short to take, or the lock went elsewhere
   * and the handoff queued it (it watches the channel). Otherwise it starts afresh with an owner
   * token of its own.
   */
  boolean waitsInRedis() {
    return passed()
        || result != null && result.outcome() == LockCommands.Handoff.RELEASED_FOR_OTHERS && successor.watching();
  }

  /**
   * When {@link #waitsInRedis}: until when the successor's queue entry lives (server ms), or
   * {@link LockCommands.Attempt#NOT_QUEUED} when perhaps queued or holding (its first attempt finds out).
   */
  long entry() {
    return passed() ? LockCommands.Attempt.NOT_QUEUED : result.entry();
  }
}
