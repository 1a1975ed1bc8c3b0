package dev.lockkey.internal;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.lock.MultiLease;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeMap;

/**
 * Takes the locks of several keys, all or none, in one canonical order (sorted by full key) so
 * that two callers never deadlock, whatever the backend: the one copy of the multi-key algorithm.
 * The backend's {@link LockTaker} takes them group by group (one key a step, or, where the store
 * can, a group of consecutive keys in one step), and when a group cannot be had in time, those
 * taken are released. Before it returns it extends every group but the last to a full lease time
 * (one step a group), so that each lease runs a full lease time from then on although the first
 * may have been taken long before the last; a lease found lost then (it ran out while this waited
 * for a later key, and someone may have taken it) makes it release all and start again within the
 * wait time: a returned multi-lease holds every member for a full lease. Not API. Thread-safe.
 */
public final class MultiKeyAcquirer {
  private final Keyspace keyspace;
  private final LockTaker taker;
  private final LockListener listener;

  /**
   * Multi-key acquisition on a backend.
   *
   * @param keyspace the key space of the full keys, whose order is the canonical order
   * @param taker how the backend takes a group of locks
   * @param listener the (shielded) listener, told of a timeout after a lease was found lost
   */
  public MultiKeyAcquirer(Keyspace keyspace, LockTaker taker, LockListener listener) {
    this.keyspace = keyspace;
    this.taker = taker;
    this.listener = listener;
  }

  /**
   * Takes the locks of all {@code keys} (duplicates count once), or none, waiting at most the
   * options' wait time in all.
   *
   * @param keys the keys
   * @param options the options, the same for every key
   * @return the leases, in canonical order
   * @throws IllegalArgumentException when {@code keys} is empty
   * @throws LockException as the backend's single acquisition, naming a key that stayed held or
   *     was lost (on Redis also {@link dev.lockkey.lock.AlreadyHeldException} when this thread
   *     holds one of them)
   */
  public MultiLease acquireAll(Collection<? extends LockKey> keys, LockOptions options) {
    TreeMap<String, LockKey> byName = new TreeMap<>();
    for (LockKey key : keys) {
      byName.putIfAbsent(keyspace.fullKey(options.purpose(), key), key);
    }
    if (byName.isEmpty()) {
      throw new IllegalArgumentException("acquireAll needs at least one key");
    }
    List<List<LockKey>> groups = taker.groups(List.copyOf(byName.values()), options);
    long start = System.nanoTime();
    long deadline = start + options.waitTime().toNanos();
    while (true) {
      List<MultiLease> held = new ArrayList<>(groups.size());
      Lease lapsed;
      try {
        for (List<LockKey> group : groups) {
          held.add(taker.take(group, options, start, deadline));
        }
        lapsed = lapsedAfterRefresh(held.subList(0, held.size() - 1), options);
      } catch (LockException e) {
        releaseQuietly(held, e);
        throw e;
      }
      if (lapsed == null) {
        return held.size() == 1 ? held.get(0) : MultiLease.of(leasesOf(held), false);
      }
      releaseQuietly(held, null);
      if (System.nanoTime() - deadline >= 0) {
        listener.onTimedOut(lapsed.key(), System.nanoTime() - start);
        throw new LockTimeoutException(lapsed.fullKey(), options.waitTime());
      }
    }
  }

  /**
   * Extends each of the {@code earlier} groups to the full lease time.
   *
   * @return the first lease found lost (its lock ran out, and may be another's), or {@code null}
   */
  private static Lease lapsedAfterRefresh(List<MultiLease> earlier, LockOptions options) {
    for (MultiLease group : earlier) {
      if (!group.extend(options.leaseTime())) {
        return group.leases().stream().filter(Lease::isLost).findFirst().orElse(group.leases().get(0));
      }
    }
    return null;
  }

  /**
   * Releases the groups, also leases run out (the store may hold them a moment longer, and their
   * end opens the executor's local queue) and those found lost (owner-checked, so it changes
   * nothing); a failure is suppressed in {@code cause}, or dropped without one: the backend told
   * the listener, and the locks run out by their lease.
   */
  private static void releaseQuietly(List<MultiLease> held, LockException cause) {
    for (MultiLease group : held) {
      try {
        group.release(); // one step a group
      } catch (LockException rollback) {
        if (cause != null) {
          cause.addSuppressed(rollback);
        }
      }
    }
  }

  private static List<Lease> leasesOf(List<MultiLease> groups) {
    return groups.stream().flatMap(group -> group.leases().stream()).toList();
  }
}
