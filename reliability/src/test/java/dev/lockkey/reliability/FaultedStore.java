package dev.lockkey.reliability;

import dev.lockkey.testing.RedisNode;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * What the {@link Nemesis} does to a lock store's server process: pause it (SIGSTOP), stop it and
 * start it again on its port, and (Redis only, {@code DEBUG SLEEP}) make it answer nothing for a
 * while.
 */
interface FaultedStore {
  /** Freezes the server: connections stay open, requests wait. */
  void pause() throws Exception;

  /** Lets a paused server go on. */
  void resume() throws Exception;

  /** Stops the server: connections are cut, new ones refused. */
  void stop() throws Exception;

  /** Starts a stopped server again on its port. */
  void start() throws Exception;

  /** Makes the running server answer nothing for {@code length}, and returns when it answers again. */
  void sleep(Duration length) throws Exception;

  /** {@return whether {@link #sleep} is supported} */
  boolean sleeps();

  /** A Redis server: restarted empty (no persistence). */
  static FaultedStore of(RedisNode node) {
    return new FaultedStore() {
      @Override
      public void pause() {
        node.pause();
      }

      @Override
      public void resume() {
        node.resume();
      }

      @Override
      public void stop() {
        node.stop();
      }

      @Override
      public void start() {
        node.restart();
      }

      @Override
      public void sleep(Duration length) throws Exception {
        node.debugSleep(length).get(length.toMillis() + 30_000, TimeUnit.MILLISECONDS);
      }

      @Override
      public boolean sleeps() {
        return true;
      }
    };
  }
}
