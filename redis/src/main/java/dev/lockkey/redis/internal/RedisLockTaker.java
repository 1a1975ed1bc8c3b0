package dev.lockkey.redis.internal;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.internal.LockTaker;
import dev.lockkey.internal.OwnerTokens;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.MultiLease;
import java.util.List;

/**
 * How the Redis executor takes the locks of several keys for core's
 * {@link dev.lockkey.internal.MultiKeyAcquirer}: all in one script when they share a slot (always
 * on a single server), which needs no refresh and never starts over; else one by one through the
 * {@link LockAcquirer}, its local queue first. Thread-safe.
 */
public final class RedisLockTaker implements LockTaker {
  private final Keyspace keyspace;
  private final boolean cluster;
  private final LockCommands commands;
  private final ReleaseNotifier notifier;
  private final LockAcquirer single;
  private final RedisLeases leases;
  private final LockListener listener;

  public RedisLockTaker(Keyspace keyspace, LockCommands commands, ReleaseNotifier notifier, LockAcquirer single,
      RedisLeases leases, LockListener listener) {
    this.keyspace = keyspace;
    this.cluster = commands.isCluster();
    this.commands = commands;
    this.notifier = notifier;
    this.single = single;
    this.leases = leases;
    this.listener = listener;
  }

  /** All keys as one group when they share a slot, else each alone. */
  @Override
  public List<List<LockKey>> groups(List<LockKey> ordered, LockOptions options) {
    if (ordered.size() > 1 && shareSlot(namesOf(ordered, options))) {
      return List.of(ordered);
    }
    return LockTaker.super.groups(ordered, options);
  }

  @Override
  public MultiLease take(List<LockKey> group, LockOptions options, long startNanos, long deadlineNanos) {
    if (group.size() == 1) {
      return MultiLease.of(List.of(single.acquire(group.get(0), options, startNanos, deadlineNanos, true)), false);
    }
    List<LockNames> names = namesOf(group, options);
    single.refuseReentry(names);
    String owner = OwnerTokens.next();
    Acquisition acquisition = new Acquisition(commands, listener, group,
        new RemoteWaiter(notifier, commands, names, owner, Thread.currentThread()), options.leaseTime(), deadlineNanos);
    Acquisition.Taken taken;
    try {
      taken = acquisition.run(true);
    } catch (LockException e) {
      throw leases.reported(group.get(0), e);
    }
    if (taken == null) {
      throw LockAcquirer.timedOut(listener, acquisition.blockedKey(), acquisition.blockedFullKey(), options,
          startNanos);
    }
    MultiLease all = leases.grantTogether(group, names, owner, taken.tokens(), options, taken.hold());
    for (LockKey key : group) {
      listener.onAcquired(key, System.nanoTime() - startNanos);
    }
    return all;
  }

  private List<LockNames> namesOf(List<LockKey> keys, LockOptions options) {
    return keys.stream().map(key -> LockNames.of(keyspace, options.purpose(), key)).toList();
  }

  private boolean shareSlot(List<LockNames> names) {
    return !cluster || names.stream().mapToInt(LockNames::slot).distinct().count() == 1;
  }
}
