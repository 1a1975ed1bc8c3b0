package dev.lockkey.benchmarks.lock;

import java.time.Duration;

/**
 * One way of locking a key in Redis, as the benchmarks drive it. Every contender takes the same
 * lease ({@link #LEASE}) so that all of them leave a key that expires on its own if its holder
 * dies, and none runs a background renewal.
 */
public interface LockContender extends AutoCloseable {
  /** The lease every contender asks for. */
  Duration LEASE = Duration.ofSeconds(30);

  /**
   * One attempt without waiting.
   *
   * @return the held lock, or {@code null} when another owner holds {@code key}
   */
  HeldLock tryAcquire(String key);

  /** Stops the contender's clients and threads. */
  @Override
  void close();
}
