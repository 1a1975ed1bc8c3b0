package dev.lockkey.lock;

import java.time.Clock;

/**
 * The side of a lease's backend that the model checks do not vary: a clock that stands still (a
 * lease never runs out by time, so only hand-offs, releases and the store end it), no listener,
 * callbacks run on the calling thread. Subclasses are the store.
 */
public abstract class StillLeaseControl implements LeaseControl {
  /** For subclasses. */
  protected StillLeaseControl() {}

  @Override
  public void callback(Runnable callback) {
    callback.run();
  }

  @Override
  public LockListener listener() {
    return LockListener.NONE;
  }

  @Override
  public long nanoTime() {
    return 0;
  }

  @Override
  public Clock clock() {
    return Clock.systemUTC();
  }
}
