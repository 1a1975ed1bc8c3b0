package dev.lockkey.benchmarks.rate;

/** One contender's rate limiter on one key, connected: each call is one decision for one permit. */
public interface RateGate extends AutoCloseable {
  /** Asks for one permit; true when it was granted. */
  boolean tryAcquire();

  @Override
  void close();
}
