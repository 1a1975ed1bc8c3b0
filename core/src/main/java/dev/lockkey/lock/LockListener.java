package dev.lockkey.lock;

import dev.lockkey.LockKey;
import java.util.List;

/**
 * Observes what an executor does with locks, e.g. to record metrics ({@code dev.lockkey.observe.MicrometerLockListener})
 * or to find hot keys ({@code dev.lockkey.observe.HotKeys}). Every method does nothing by default;
 * override what you need, and combine several with {@link #all}. What purposes decide has
 * listeners of its own ({@code dev.lockkey.flight.FlightListener},
 * {@code dev.lockkey.ratelimit.RateLimitListener}), which a lock listener may implement too. Methods run on the thread
 * concerned and must be quick and thread-safe; an exception they throw is ignored. Use
 * {@link LockKey#spec()} for metric tags: the key itself is high-cardinality.
 */
public interface LockListener {
  /** A listener that does nothing. */
  LockListener NONE = new LockListener() {};

  /**
   * A lock was acquired.
   *
   * @param waitNanos how long it took, from the call to the acquisition
   * @param key the key
   */
  default void onAcquired(LockKey key, long waitNanos) {}

  /**
   * An attempt found the lock held, by another executor or another thread of this one.
   *
   * @param key the key
   */
  default void onContended(LockKey key) {}

  /**
   * The wait time ran out before the lock was acquired.
   *
   * @param waitNanos how long the caller waited
   * @param key the key
   */
  default void onTimedOut(LockKey key, long waitNanos) {}

  /**
   * A lease was released while still held.
   *
   * @param heldNanos how long it was held
   * @param key the key
   */
  default void onReleased(LockKey key, long heldNanos) {}

  /**
   * A lease was extended, by the watchdog or by {@link Lease#extend}.
   *
   * @param key the key
   */
  default void onRenewed(LockKey key) {}

  /**
   * A lease was found lost: the lock was gone or someone else's, or its lease ran out.
   *
   * @param key the key
   */
  default void onLeaseLost(LockKey key) {}

  /**
   * An operation failed, e.g. because the store did not answer.
   *
   * @param key the key
   * @param error the failure
   */
  default void onError(LockKey key, LockException error) {}

  /**
   * The executor found, when it started, that the backend is configured so that a held lock can
   * vanish, e.g. Redis may evict keys when its memory is full; told once per executor, also logged
   * as a warning.
   *
   * @param warning what was found and what to set instead, fit for a log or an alert
   */
  default void onUnsafeConfiguration(String warning) {}

  /**
   * One listener that tells each of {@code listeners}, in order; one that throws does not keep
   * the others from hearing. It is a {@code FlightListener} and a {@code RateLimitListener} too,
   * and passes those events on to the listeners that are.
   *
   * @param listeners the listeners, in the order they are told
   * @return the combined listener
   */
  static LockListener all(LockListener... listeners) {
    return new SafeListener(List.of(listeners));
  }
}
