package dev.lockkey.internal.store;

import java.util.concurrent.TimeUnit;

/**
 * What one waiting acquisition pauses on between its attempts: a store that tells waiters of
 * releases (e.g. PostgreSQL's {@code LISTEN}/{@code NOTIFY}) ends the pause when the key was
 * released since the watch opened or since the last pause; any store ends it after the given
 * time, so a lost signal costs one pause at most. Not thread-safe: one per acquisition. Not API.
 */
public interface ReleaseWatch extends AutoCloseable {
  /** For a store that cannot signal releases: a pause is a sleep. */
  ReleaseWatch SLEEP = new ReleaseWatch() {
    @Override
    public void pause(long nanos) throws InterruptedException {
      TimeUnit.NANOSECONDS.sleep(nanos);
    }

    @Override
    public void close() {}
  };

  /**
   * Waits {@code nanos}, or less when the key was released meanwhile.
   *
   * @param nanos the longest pause
   * @throws InterruptedException when interrupted
   */
  void pause(long nanos) throws InterruptedException;

  /** Stops watching. */
  @Override
  void close();
}
