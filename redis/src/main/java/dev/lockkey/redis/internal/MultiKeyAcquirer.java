package dev.lockkey.redis.internal;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.internal.OwnerTokens;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.MultiLease;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeMap;

/**
 * Takes the locks of several keys, all or none, in one canonical order (sorted by full key) so
 * that two callers never deadlock: in one script when they share a slot (always on a single
 * server), else one by one through the {@link LockAcquirer}, releasing those taken when one cannot
 * be had in time. One by one, the leases taken first are extended to a full lease before the
 * multi-lease is returned (one round trip per key but the last), and when one of them ran out
 * meanwhile, all are released and taken again within the wait time: a returned multi-lease holds
 * every member for a full lease. Thread-safe.
 */
public final class MultiKeyAcquirer {
  private final Keyspace keyspace;
  private final boolean cluster;
  private final LockCommands commands;
  private final ReleaseNotifier notifier;
  private final LockAcquirer single;
  private final RedisLeases leases;
  private final LockListener listener;

  public MultiKeyAcquirer(Keyspace keyspace, LockCommands commands, ReleaseNotifier notifier,
      LockAcquirer single, RedisLeases leases, LockListener listener) {
    this.keyspace = keyspace;
    this.cluster = commands.isCluster();
    this.commands = commands;
    this.notifier = notifier;
    this.single = single;
    this.leases = leases;
    this.listener = listener;
  }

  /**
   * Takes the locks of all {@code keys} (duplicates count once), or none, waiting at most the
   * options' wait time in all.
   *
   * @throws IllegalArgumentException when {@code keys} is empty
   * @throws LockException as {@link LockAcquirer#acquire}, naming a key that stayed held (also
   *     {@link dev.lockkey.lock.AlreadyHeldException} when this thread holds one of them)
   */
  public MultiLease acquireAll(Collection<? extends LockKey> keys, LockOptions options) {
    TreeMap<String, LockKey> byName = new TreeMap<>();
    for (LockKey key : keys) {
      byName.putIfAbsent(keyspace.fullKey(options.purpose(), key), key);
    }
    if (byName.isEmpty()) {
      throw new IllegalArgumentException("acquireAll needs at least one key");
    }
    List<LockKey> ordered = List.copyOf(byName.values());
    List<LockNames> names = ordered.stream().map(key -> LockNames.of(keyspace, options.purpose(), key)).toList();
    long start = System.nanoTime();
    long deadline = start + options.waitTime().toNanos();
    if (ordered.size() > 1 && shareSlot(names)) {
      return acquireTogether(ordered, names, options, start, deadline);
    }
    return acquireOneByOne(ordered, options, start, deadline);
  }

  /**
   * Takes the keys one by one; then, before returning, extends every lease but the last to a full
   * lease (one round trip each): a lease taken early may have run out while a later key was
   * awaited, and another executor may even have taken its lock. When one was found lost, releases
   * the others and starts over within the wait time, so that a returned multi-lease holds every
   * member for a full lease.
   */
  private MultiLease acquireOneByOne(List<LockKey> ordered, LockOptions options, long start, long deadline) {
    while (true) {
      List<Lease> held = takeEach(ordered, options, start, deadline);
      Lease lapsed;
      try {
        lapsed = lapsedAfterRefresh(held, options);
      } catch (LockException e) {
        releaseQuietly(held, e);
        throw e;
      }
      if (lapsed == null) {
        return MultiLease.of(held, held.size() == 1);
      }
      releaseQuietly(held, null);
      if (System.nanoTime() - deadline >= 0) {
        throw LockAcquirer.timedOut(listener, lapsed.key(), lapsed.fullKey(), options, start);
      }
    }
  }

  /** Takes each key in order; when one cannot be had, releases those taken and throws. */
  private List<Lease> takeEach(List<LockKey> ordered, LockOptions options, long start, long deadline) {
    List<Lease> held = new ArrayList<>(ordered.size());
    try {
      for (LockKey key : ordered) {
        held.add(single.acquire(key, options, start, deadline, true));
      }
      return held;
    } catch (LockException e) {
      releaseQuietly(held, e);
      throw e;
    }
  }

  /**
   * Extends each lease but the last (just taken) to the full lease time.
   *
   * @return the first lease found lost (its lock ran out, and may be another's), or {@code null}
   */
  private static Lease lapsedAfterRefresh(List<Lease> held, LockOptions options) {
    for (Lease lease : held.subList(0, held.size() - 1)) {
      if (!lease.extend(options.leaseTime())) {
        return lease;
      }
    }
    return null;
  }

  /**
   * Releases the leases, also those run out (the store may hold them a moment longer, and their
   * end opens the executor's local queue) and those found lost (owner-checked, so it changes
   * nothing); a failure is suppressed in {@code cause}, or dropped without one.
   */
  private static void releaseQuietly(List<Lease> held, LockException cause) {
    if (held.isEmpty()) {
      return;
    }
    try {
      MultiLease.of(held, false).release();
    } catch (LockException rollback) { // the listener heard of it; the locks run out by their lease
      if (cause != null) {
        cause.addSuppressed(rollback);
      }
    }
  }

  private MultiLease acquireTogether(List<LockKey> keys, List<LockNames> names, LockOptions options,
      long startNanos, long deadlineNanos) {
    single.refuseReentry(names);
    String owner = OwnerTokens.next();
    Acquisition acquisition = new Acquisition(commands, listener, keys,
        new RemoteWaiter(notifier, commands, names, owner, Thread.currentThread()), options.leaseTime(), deadlineNanos);
    Acquisition.Taken taken;
    try {
      taken = acquisition.run(true);
    } catch (LockException e) {
      throw leases.reported(keys.get(0), e);
    }
    if (taken == null) {
      throw LockAcquirer.timedOut(listener, acquisition.blockedKey(), acquisition.blockedFullKey(), options,
          startNanos);
    }
    MultiLease all = leases.grantTogether(keys, names, owner, taken.tokens(), options, taken.hold());
    for (LockKey key : keys) {
      listener.onAcquired(key, System.nanoTime() - startNanos);
    }
    return all;
  }

  private boolean shareSlot(List<LockNames> names) {
    return !cluster || names.stream().mapToInt(LockNames::slot).distinct().count() == 1;
  }
}
