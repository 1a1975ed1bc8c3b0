package dev.lockkey.redis;

import dev.lockkey.LockKey;
import java.util.List;
import java.util.function.Consumer;

/** {@link LockListener#all}: tells every listener, each shielded from the others' exceptions. */
final class CompositeListener implements LockListener {
  private final List<LockListener> listeners;

  CompositeListener(List<LockListener> listeners) {
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
    each(listener -> listener.onFlightShared(key));
  }

  @Override
  public void onRateLimited(LockKey key) {
    each(listener -> listener.onRateLimited(key));
  }

  private void each(Consumer<LockListener> notification) {
    for (LockListener listener : listeners) {
      SafeListener.call(() -> notification.accept(listener));
    }
  }

  @Override
  public String toString() {
    return "LockListener.all" + listeners;
  }
}
