package dev.lockkey.benchmarks.lock;

/** A lock that a contender acquired and the benchmark releases once. */
@FunctionalInterface
public interface HeldLock {
  /** Releases the lock; only the holder's own lock is deleted. */
  void release();
}
