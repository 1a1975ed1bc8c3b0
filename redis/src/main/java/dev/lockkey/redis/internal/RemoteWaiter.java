package dev.lockkey.redis.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One owner token's wait for locks in Redis, and the one owner of what that wait holds: the wake-up
 * of the thread that waits ({@link Wakeup}), its watches of the locks' release channels
 * ({@link ReleaseNotifier}), and, for a single lock, its entry in the lock's Redis queue or the
 * claim a release handed it ({@link RemoteWaiters}). Closed exactly once, by the waiting thread:
 * the watches end, and a wait given up leaves the queue (passing on a lock handed to it meanwhile).
 *
 * <p>Made by the waiting thread for its own attempts ({@link Acquisition}), or by a releasing
 * thread of the same executor for the waiter it hands the lock to ({@link RedisLeases}): that
 * releaser chooses the owner token (the handoff script's argument) and, on a turn to look
 * elsewhere, watches the release channel for the waiter before the script runs, since the script
 * may queue the waiter in Redis and a release elsewhere may then hand it the lock at once; a watch
 * added later could miss that message, and the waiter would learn of its lock at its next poll,
 * by another round trip. That watch is a local registration on a subscription confirmed already
 * (no I/O). Everything after the script is the waiter's: it is handed this object, and its own
 * thread closes it. Not thread-safe: one thread at a time (handed over with the waiter's state).
 */
final class RemoteWaiter {
  private final ReleaseNotifier notifier;
  private final LockCommands commands;
  private final List<LockNames> locks;
  private final String owner;
  private final Wakeup wakeup;
  private final List<ReleaseNotifier.Channel> watched;
  private final AtomicBoolean closed = new AtomicBoolean();

  /**
   * The wait of {@code thread} for {@code locks} (one slot) under owner token {@code owner}.
   */
  RemoteWaiter(ReleaseNotifier notifier, LockCommands commands, List<LockNames> locks, String owner, Thread thread) {
    this.notifier = notifier;
    this.commands = commands;
    this.locks = locks;
    this.owner = owner;
    this.wakeup = new Wakeup(thread, owner);
    this.watched = new ArrayList<>(locks.size());
  }

  /** The owner token this wait goes on with in Redis. */
  String owner() {
    return owner;
  }

  /** The locks waited for, in the order of their attempts. */
  List<LockNames> locks() {
    return locks;
  }

  /** The wake-up of the waiting thread. */
  Wakeup wakeup() {
    return wakeup;
  }

  /** Whether every lock's release channel is watched. */
  boolean watching() {
    return !watched.isEmpty();
  }

  /**
   * Watches every lock's channel when all of them are subscribed and confirmed already, so that a
   * release published from now on wakes the thread.
   *
   * @return whether they are (otherwise nothing is watched)
   */
  boolean watchIfHeard() {
    if (watching()) {
      return true;
    }
    for (LockNames lock : locks) {
      ReleaseNotifier.Channel channel = notifier.watchIfHeard(lock.channel(), wakeup);
      if (channel == null) {
        unwatch();
        return false;
      }
      watched.add(channel);
    }
    return true;
  }

  /** Watches every lock's channel, subscribing where needed (confirmed later, see {@link #subscribed()}). */
  void watch() {
    if (watching()) {
      return;
    }
    for (LockNames lock : locks) {
      watched.add(notifier.watch(lock.channel(), wakeup));
    }
  }

  /** Whether Redis confirmed the subscription of every watched channel. */
  boolean subscribed() {
    return watched.stream().allMatch(ReleaseNotifier.Channel::confirmed);
  }

  /**
   * Ends this wait, once (later calls do nothing): stops watching and, with {@code leaveQueue},
   * takes the owner out of the locks' queues and passes on a lock handed to it meanwhile
   * ({@link LockCommands#cleanUp}, retried only as long as an entry or a claim could live: after
   * that both are gone by themselves). Without it, an entry and a claim run out by themselves: the
   * lock was taken, or Redis failed and the failure must reach the threads queued behind without
   * waiting for another call to a server that does not answer.
   */
  void close(boolean leaveQueue) {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    unwatch();
    if (leaveQueue) {
      commands.cleanUp(locks, owner, RemoteWaiters.ENTRY_TTL);
    }
  }

  private void unwatch() {
    watched.forEach(channel -> notifier.unwatch(channel, wakeup));
    watched.clear();
  }
}
