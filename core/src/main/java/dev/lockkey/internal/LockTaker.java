package dev.lockkey.internal;

import dev.lockkey.LockKey;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.MultiLease;
import java.util.List;

/**
 * How a backend takes locks for {@link MultiKeyAcquirer}: the seam between the one multi-key
 * algorithm and a store. A store that takes one lock per step needs only {@link #take} for one key;
 * a store that can take several locks in one step (Redis: one script for keys that share a slot,
 * always on a single server) also splits the keys into such groups. Not API.
 */
@FunctionalInterface
public interface LockTaker {

  /**
   * Splits keys into the groups this store takes in one step each, by default every key alone.
   * Each group must be a run of consecutive keys of {@code ordered}, in that order, so that taking
   * the groups one after another still takes the keys in canonical order (no deadlock between two
   * callers).
   *
   * @param ordered the distinct keys, in canonical order (sorted by full key)
   * @param options the options of the acquisition
   * @return the groups, which together are {@code ordered}
   */
  default List<List<LockKey>> groups(List<LockKey> ordered, LockOptions options) {
    return ordered.stream().map(List::of).toList();
  }

  /**
   * Takes the locks of one group, all or none, waiting until {@code deadlineNanos}; tells the
   * listener of each lock taken and of a timeout, as a single acquisition does.
   *
   * @param group one of {@link #groups}' groups
   * @param options the options of the acquisition
   * @param startNanos when the acquisition started ({@link System#nanoTime()})
   * @param deadlineNanos until when to wait ({@link System#nanoTime()})
   * @return the group's leases, with their watchdogs started
   * @throws LockException when a lock could not be had in time (a
   *     {@link dev.lockkey.lock.LockTimeoutException} naming the key that stayed held), or the store failed
   */
  MultiLease take(List<LockKey> group, LockOptions options, long startNanos, long deadlineNanos);
}
