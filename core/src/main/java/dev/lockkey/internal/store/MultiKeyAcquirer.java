package dev.lockkey.internal.store;

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
 * Takes the locks of several keys, all or none, one by one in one canonical order (sorted by full
 * key) so that two callers never deadlock. Before it returns it extends every lease but the last
 * to a full lease time, so that each runs a full lease time from then on although the first may
 * have been taken long before the last; a lease found lost then (it ran out while this waited for
 * a later key, and someone took it) makes it release all and start again within the wait time.
 * Cost without contention: n conditional writes to take n keys and n - 1 to extend. (DynamoDB's
 * {@code TransactWriteItems} could take up to 100 keys in one request, but the DynamoDB-compatible
 * servers that tests run on do not implement it, so this stays one by one.) Thread-safe.
 */
final class MultiKeyAcquirer {
  private final Keyspace keyspace;
  private final Acquirer single;
  private final LockListener listener;

  MultiKeyAcquirer(Keyspace keyspace, Acquirer single, LockListener listener) {
    this.keyspace = keyspace;
    this.single = single;
    this.listener = listener;
  }

  /**
   * Takes the locks of all {@code keys} (duplicates count once), or none, waiting at most the
   * options' wait time in all.
   *
   * @throws IllegalArgumentException when {@code keys} is empty
   * @throws LockException as {@link Acquirer#acquire}, naming a key that stayed held or was lost
   */
  MultiLease acquireAll(Collection<? extends LockKey> keys, LockOptions options) {
    TreeMap<String, LockKey> byName = new TreeMap<>();
    for (LockKey key : keys) {
      byName.putIfAbsent(keyspace.fullKey(options.purpose(), key), key);
    }
    if (byName.isEmpty()) {
      throw new IllegalArgumentException("acquireAll needs at least one key");
    }
    List<LockKey> ordered = List.copyOf(byName.values());
    long start = System.nanoTime();
    long deadline = start + options.waitTime().toNanos();
    while (true) {
      List<Lease> held = new ArrayList<>(ordered.size());
      Lease lost;
      try {
        for (LockKey key : ordered) {
          held.add(single.acquire(key, options, start, deadline, true));
        }
        lost = firstLostOnExtension(held.subList(0, held.size() - 1), options);
      } catch (LockException e) {
        throw releasedAll(held, e);
      }
      if (lost == null) {
        return MultiLease.of(held, false);
      }
      releasedAll(held, null);
      if (System.nanoTime() - deadline >= 0) {
        listener.onTimedOut(lost.key(), System.nanoTime() - start);
        throw new LockTimeoutException(lost.fullKey(), options.waitTime());
      }
    }
  }

  /** Extends each of {@code earlier} to a full lease time; the first that is no longer held, or {@code null}. */
  private static Lease firstLostOnExtension(List<Lease> earlier, LockOptions options) {
    for (Lease lease : earlier) {
      if (!lease.extend(options.leaseTime())) {
        return lease;
      }
    }
    return null;
  }

  /** Releases every lease in {@code held}; a failure is added to {@code cause} (when given), which is returned. */
  private static LockException releasedAll(List<Lease> held, LockException cause) {
    if (!held.isEmpty()) {
      try {
        MultiLease.of(held, false).release();
      } catch (LockException rollback) {
        if (cause == null) {
          throw rollback;
        }
        cause.addSuppressed(rollback);
      }
    }
    return cause;
  }
}
