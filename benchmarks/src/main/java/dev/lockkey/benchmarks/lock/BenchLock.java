package dev.lockkey.benchmarks.lock;

import dev.lockkey.LockKeySpec;

/**
 * The spec LockKey locks in the lock benchmarks: one named resource, so that the names the other
 * contenders lock as plain strings become typed keys here.
 */
@LockKeySpec(domain = "bench", action = "lock")
public interface BenchLock {
  /** The resource's name, e.g. {@code bench:cycle:lockkey}. */
  String name();
}
