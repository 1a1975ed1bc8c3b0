package dev.lockkey.flight;

import dev.lockkey.LockKey;

/**
 * Hears when a {@link SingleFlight} saved a computation, e.g. to count it
 * ({@code dev.lockkey.observe.MicrometerLockListener} is one). A flight tells its executor's
 * listener when that listener is a {@code FlightListener} too ({@code LockListener.all} passes
 * the event on to those of its listeners that are). Must be quick and thread-safe; an exception
 * it throws is ignored.
 */
public interface FlightListener {
  /** A listener that does nothing. */
  FlightListener NONE = key -> {};

  /**
   * A {@link SingleFlight} answered with a result (or a deterministic failure) that another caller
   * computed, stored before or while this caller waited: a computation saved.
   *
   * @param key the key
   */
  void onFlightShared(LockKey key);
}
