package dev.lockkey.redis.internal;

import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LeaseControl;
import dev.lockkey.lock.LockListener;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;

/**
 * The Redis side of one lease, or of the leases of one owner taken together in one slot: their
 * lock names and, for a single lease, its local queue. Everything else is the executor's
 * {@link RedisLeases}. Immutable.
 */
final class RedisLeaseControl implements LeaseControl {
  private final RedisLeases leases;
  private final List<LockNames> names;
  private final KeyQueue queue;

  /**
   * @param names the locks, in the canonical order of their leases
   * @param queue the local queue of a single lease, or {@code null} for leases taken together
   */
  RedisLeaseControl(RedisLeases leases, List<LockNames> names, KeyQueue queue) {
    this.leases = leases;
    this.names = names;
    this.queue = queue;
  }

  @Override
  public boolean[] release(List<Lease> live) {
    return leases.release(this, live);
  }

  @Override
  public boolean[] extend(List<Lease> live, Duration leaseTime) {
    return leases.extend(this, live, leaseTime);
  }

  @Override
  public void ended(Lease lease, boolean lost) {
    leases.ended(this, lease, lost);
  }

  @Override
  public Future<?> scheduleRenewal(Runnable renewal, long delayNanos) {
    return leases.renewer().schedule(renewal, delayNanos);
  }

  @Override
  public void callback(Runnable callback) {
    leases.renewer().callback(callback);
  }

  @Override
  public LockListener listener() {
    return leases.listener();
  }

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }

  @Override
  public Clock clock() {
    return leases.clock();
  }

  /** The local queue of a single lease; {@code null} for leases taken together. */
  KeyQueue queue() {
    return queue;
  }

  /** The lock names of {@code live}, leases of this control in canonical order. */
  List<LockNames> namesOf(List<Lease> live) {
    if (live.size() == names.size()) {
      return names;
    }
    List<LockNames> subset = new ArrayList<>(live.size());
    int next = 0;
    for (Lease lease : live) {
      while (!names.get(next).lock().equals(lease.fullKey())) {
        next++;
      }
      subset.add(names.get(next));
    }
    return subset;
  }
}
