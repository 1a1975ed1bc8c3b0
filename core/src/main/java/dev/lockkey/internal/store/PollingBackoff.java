package dev.lockkey.internal.store;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * The pauses of one waiting acquisition between its attempts: a store that cannot tell a waiter
 * that a lock was released (DynamoDB), or whose signal may be lost, is asked again. The ceiling doubles from
 * {@value #FIRST_MILLIS} ms up to the executor's maximum, and each pause is drawn between half the
 * ceiling and the ceiling (jitter, so that waiters released together do not ask together). When the
 * store said when the holder's lease runs out, the pause ends right after that if it is sooner. Not
 * thread-safe: one per acquisition. Not API.
 */
public final class PollingBackoff {
  /** The first pause's ceiling, in ms: the shortest maximum an executor may set. */
  public static final long FIRST_MILLIS = 10;

  private final long maxNanos;

  /**
   * Checks an executor's {@code maxPollInterval} option.
   *
   * @param maxPollInterval the longest pause an executor's waiters make
   * @return {@code maxPollInterval}
   * @throws IllegalArgumentException when under {@value #FIRST_MILLIS} ms, naming the option
   */
  public static Duration checkMaxPollInterval(Duration maxPollInterval) {
    if (maxPollInterval.toMillis() < FIRST_MILLIS) {
      throw new IllegalArgumentException("maxPollInterval must be at least " + FIRST_MILLIS + " ms, was "
          + maxPollInterval);
    }
    return maxPollInterval;
  }
  private long ceilingNanos;

  /**
   * The pauses of one acquisition.
   *
   * @param maxNanos the executor's longest pause
   */
  public PollingBackoff(long maxNanos) {
    this.maxNanos = maxNanos;
    this.ceilingNanos = Math.min(TimeUnit.MILLISECONDS.toNanos(FIRST_MILLIS), maxNanos);
  }

  /**
   * The next pause.
   *
   * @param holderLeftNanos how long the holder's lease has left by this process's clock, or
   *     {@link Long#MAX_VALUE} when not known
   * @return how long to pause
   */
  public long nextNanos(long holderLeftNanos) {
    long ceiling = ceilingNanos;
    ceilingNanos = Math.min(ceilingNanos * 2, maxNanos);
    long pause = ceiling / 2 + ThreadLocalRandom.current().nextLong(ceiling / 2 + 1);
    long afterHolder = holderLeftNanos + TimeUnit.MILLISECONDS.toNanos(1);
    return holderLeftNanos >= 0 && afterHolder > 0 ? Math.min(pause, afterHolder) : pause;
  }
}
