package dev.lockkey.redis.internal;

import dev.lockkey.internal.OwnerTokens;

/**
 * One thread waiting for a message on one pub/sub channel through a {@link ReleaseNotifier}, for
 * purposes other than locks whose scripts publish {@link #WAKE_ALL} when an outcome is settled,
 * e.g. an idempotent call's result stored. It uses the notifier's subscription as lock waiters do
 * (watch, await confirmation, re-read, await), so a message between a read and the wait is kept,
 * and the notifier's reconnects wake it to read again. Not thread-safe: one per waiting thread.
 */
public final class OutcomeWaiter implements AutoCloseable {
  /** The message that wakes every waiter of a channel, as a lock's release publishes it. */
  public static final String WAKE_ALL = HandoverMessage.RELEASED;

  private final ReleaseNotifier notifier;
  /** Its own token, which no script publishes: only {@link #WAKE_ALL} (or the notifier) wakes it. */
  private final Wakeup wakeup = new Wakeup(OwnerTokens.next());
  private final ReleaseNotifier.Channel channel;

  private OutcomeWaiter(ReleaseNotifier notifier, String channelName) {
    this.notifier = notifier;
    this.channel = notifier.watch(channelName, wakeup);
  }

  /**
   * Starts listening on {@code channelName} for the current thread, then waits until the
   * subscription is confirmed, at most {@code nanos}: read the outcome again after this, as a
   * message published before the confirmation went unheard.
   *
   * @param notifier the subscriber
   * @param channelName the channel the settling script publishes on
   * @param nanos the longest wait for the confirmation
   * @param key the key waited for, for an interruption's message
   * @return the waiter; close it when done
   * @throws dev.lockkey.lock.LockInterruptedException when the thread is interrupted
   */
  public static OutcomeWaiter listen(ReleaseNotifier notifier, String channelName, long nanos, String key) {
    OutcomeWaiter waiter = new OutcomeWaiter(notifier, channelName);
    long until = System.nanoTime() + nanos;
    try {
      while (true) {
        waiter.wakeup.clear();
        long left = until - System.nanoTime();
        if (waiter.channel.confirmed() || left <= 0) {
          return waiter;
        }
        waiter.wakeup.await(left, key);
      }
    } catch (RuntimeException e) {
      waiter.close();
      throw e;
    }
  }

  /**
   * {@return whether the subscription is confirmed, so that a message will be heard; not while the
   * notifier reconnects (after a node's outage, say), when only reading again finds the outcome}
   */
  public boolean listening() {
    return channel.confirmed();
  }

  /** Forgets earlier messages; call before each read of the outcome. */
  public void clear() {
    wakeup.clear();
  }

  /**
   * Waits until a message came since {@link #clear()}, or {@code nanos} passed.
   *
   * @param nanos the longest wait: the fallback poll for a lost message
   * @param key the key waited for, for an interruption's message
   * @throws dev.lockkey.lock.LockInterruptedException when the thread is interrupted
   */
  public void await(long nanos, String key) {
    wakeup.await(nanos, key);
  }

  /** Stops listening; the notifier drops the subscription once the channel was idle a while. */
  @Override
  public void close() {
    notifier.unwatch(channel, wakeup);
  }
}
