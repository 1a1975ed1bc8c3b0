package dev.lockkey.lock;

import dev.lockkey.LockKey;
import dev.lockkey.flight.FlightListener;
import dev.lockkey.ratelimit.RateLimitListener;
import java.util.List;
import java.util.function.Consumer;

/**
 * Tells listeners in order, shielding the executor and each listener from what another throws:
 * observing must never break locking. What the executor holds, and what {@link LockListener#all}
 * returns. Purposes' events go to those listeners that hear them, so that a flight built on an
 * executor tells the executor's listeners.
 */
final class SafeListener implements LockListener, FlightListener, RateLimitListener {
  private final List<LockListener> listeners;

  SafeListener(List<LockListener> listeners) {
    this.listeners = List.copyOf(listeners);
  }

  @Override
  public void onAcquired(LockKey key, long waitNanos) {
    each(listener -> listener.onAcquired(key, waitNanos));
  }

  @Override
  public void onContended(LockKey key) {
    each(listener -> listener.onContended(key));
  }

  @Override
  public void onTimedOut(LockKey key, long waitNanos) {
    each(listener -> listener.onTimedOut(key, waitNanos));
  }

  @Override
  public void onReleased(LockKey key, long heldNanos) {
    each(listener -> listener.onReleased(key, heldNanos));
  }

  @Override
  public void onRenewed(LockKey key) {
    each(listener -> listener.onRenewed(key));
  }

  @Override
  public void onLeaseLost(LockKey key) {
    each(listener -> listener.onLeaseLost(key));
  }

  @Override
  public void onError(LockKey key, LockException error) {
    each(listener -> listener.onError(key, error));
  }

  @Override
  public void onFlightShared(LockKey key) {
    each(listener -> {
      if (listener instanceof FlightListener flights) {
        flights.onFlightShared(key);
      }
    });
  }

  @Override
  public void onRateLimited(LockKey key) {
    each(listener -> {
      if (listener instanceof RateLimitListener limits) {
        limits.onRateLimited(key);
      }
    });
  }

  @Override
  public void onUnsafeConfiguration(String warning) {
    each(listener -> listener.onUnsafeConfiguration(warning));
  }

  private void each(Consumer<LockListener> notification) {
    for (LockListener listener : listeners) {
      try {
        notification.accept(listener);
      } catch (RuntimeException ignored) {
        // a listener's bug must not turn into a lock failure, nor silence the next listener
      }
    }
  }

  @Override
  public String toString() {
    return "SafeListener" + listeners;
  }
}
