package dev.lockkey.redis;

import dev.lockkey.LockKey;

/** Shields the executor from a listener that throws: observing must never break locking. */
final class SafeListener implements LockListener {
  private final LockListener delegate;

  SafeListener(LockListener delegate) {
    this.delegate = delegate;
  }

  @Override
  public void onAcquired(LockKey key, long waitNanos) {
    call(() -> delegate.onAcquired(key, waitNanos));
  }

  @Override
  public void onContended(LockKey key) {
    call(() -> delegate.onContended(key));
  }

  @Override
  public void onTimedOut(LockKey key, long waitNanos) {
    call(() -> delegate.onTimedOut(key, waitNanos));
  }

  @Override
  public void onReleased(LockKey key, long heldNanos) {
    call(() -> delegate.onReleased(key, heldNanos));
  }

  @Override
  public void onRenewed(LockKey key) {
    call(() -> delegate.onRenewed(key));
  }

  @Override
  public void onLeaseLost(LockKey key) {
    call(() -> delegate.onLeaseLost(key));
  }

  @Override
  public void onError(LockKey key, LockException error) {
    call(() -> delegate.onError(key, error));
  }

  private static void call(Runnable notification) {
    try {
      notification.run();
    } catch (RuntimeException ignored) {
      // a listener's bug must not turn into a lock failure
    }
  }
}
