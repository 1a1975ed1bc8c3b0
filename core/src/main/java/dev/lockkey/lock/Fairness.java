package dev.lockkey.lock;

import java.time.Duration;

/**
 * Who takes a lock that was just released: the waiter that has waited longest, or whoever asks
 * first. Set with {@link LockOptions.Builder#fairness(Fairness)}; {@link #FIFO} by default.
 */
public enum Fairness {
  /**
   * Waiters take the lock in arrival order: a waiter on another executor queues in the store and a
   * release hands the lock to the oldest one. Each hand-over costs a wake-up of the thread that
   * waited, so a hot key passes fewer locks per second, but every waiter gets its turn in order.
   */
  FIFO,

  /**
   * As {@link java.util.concurrent.locks.ReentrantLock}'s non-fair mode: a free lock goes to
   * whoever asks first, so a thread that releases and asks again (or one that just arrived) may take
   * it before waiters that were woken by the release, which saves their wake-up on a hot key. Such
   * a waiter does not queue at first; once it has waited {@link #BARGING_PATIENCE}, it queues in
   * arrival order as under {@link #FIFO}, and from then on it is served as a FIFO waiter is (the
   * releases hand the lock to the queue in order): no waiter is passed over by barging for longer
   * than that bound. Within one executor threads still take turns in arrival order.
   *
   * <p>Where the store has no queue (DynamoDB, JDBC: waiters poll), both settings behave alike:
   * whoever polls first after a release takes the lock.
   */
  BARGING;

  /**
   * How long a {@link #BARGING} waiter may be passed over before it queues: 50 ms.
   */
  public static final Duration BARGING_PATIENCE = Duration.ofMillis(50);
}
