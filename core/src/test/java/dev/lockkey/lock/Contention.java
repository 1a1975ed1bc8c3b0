package dev.lockkey.lock;

import dev.lockkey.LockKey;
import java.util.List;

/**
 * The contention scenario whose cost docs/BACKENDS.md compares across backends: executors (one
 * per process, as deployed) take one key in turn on threads of their own, each a number of times,
 * holding it 20 ms per take. Backend-neutral, so each backend's cost test drives the same load.
 */
public final class Contention {
  /** How long each take holds the lock: the work under it. */
  public static final long WORK_MILLIS = 20;

  private Contention() {}

  /**
   * Runs {@code perExecutor} takes of {@code key} on each of {@code executors}, all at once, and
   * returns when every take was released.
   */
  public static void run(List<? extends LockExecutor> executors, LockKey key, int perExecutor, LockOptions options)
      throws Exception {
    Concurrently.run(executors.size(), i -> () -> {
      for (int take = 0; take < perExecutor; take++) {
        try (Lease lease = executors.get(i).acquire(key, options)) {
          Thread.sleep(WORK_MILLIS);
        }
      }
      return null;
    });
  }
}
