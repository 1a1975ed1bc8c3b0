package dev.lockkey.lock;

import dev.lockkey.LockKey;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

/**
 * Several locks held together, from {@link LockExecutor#acquireAll}: one {@link Lease} per
 * key, each with its own fencing token, in canonical order (sorted by full key). Close it
 * (try-with-resources) to release them all. When all keys share a Redis Cluster slot (always on a
 * single server) release and extension take one round trip for all; otherwise one per key.
 * Thread-safe.
 */
public final class MultiLease implements AutoCloseable {
  private final List<Lease> leases;
  private final boolean oneSlot;

  private MultiLease(List<Lease> leases, boolean oneSlot) {
    this.leases = List.copyOf(leases);
    this.oneSlot = oneSlot;
  }

  /**
   * Leases held together: the entry point for lock backends and test doubles.
   *
   * @param leases one per distinct key, in canonical order
   * @param together whether they share one owner and one {@link LeaseControl} step (e.g. one
   *     Redis Cluster slot), so that release and extension take one step for all
   * @return the leases, as one
   */
  public static MultiLease of(List<Lease> leases, boolean together) {
    if (leases.isEmpty()) {
      throw new IllegalArgumentException("a MultiLease needs at least one lease");
    }
    return new MultiLease(leases, together);
  }

  /**
   * The leases, one per distinct key, sorted by full key.
   *
   * @return the leases, one per distinct key, sorted by full key
   */
  public List<Lease> leases() {
    return leases;
  }

  /**
   * The lease of {@code key}.
   *
   * @param key one of the locked keys
   * @return the lease of {@code key}
   * @throws IllegalArgumentException when {@code key} is not one of the locked keys
   */
  public Lease lease(LockKey key) {
    for (Lease lease : leases) {
      if (lease.key().canonical().equals(key.canonical()) && lease.key().spec().equals(key.spec())) {
        return lease;
      }
    }
    throw new IllegalArgumentException(key + " is not one of the locked keys");
  }

  /**
   * Whether any of the leases is lost.
   *
   * @return whether any of the leases is lost
   */
  public boolean isLost() {
    return leases.stream().anyMatch(Lease::isLost);
  }

  /**
   * Releases every lock still held.
   *
   * @return whether every one was still held
   * @throws LockException when the store did not answer (for several keys: after trying
   *     all of them)
   */
  public boolean release() {
    return oneSlot ? Lease.releaseTogether(leases) : eachOf(leases, Lease::release);
  }

  /**
   * Sets every lease to run out {@code leaseTime} from now, where still held.
   *
   * @param leaseTime the new lease time
   * @return whether every one was still held
   * @throws LockException when the store did not answer
   */
  public boolean extend(Duration leaseTime) {
    LockOptions.checkLeaseTime("leaseTime", leaseTime);
    return oneSlot ? Lease.extendTogether(leases, leaseTime) : eachOf(leases, lease -> lease.extend(leaseTime));
  }

  /**
   * Releases every lock as {@link #release()} does; lost leases are no error.
   *
   * @throws LockException when the store did not answer
   */
  @Override
  public void close() {
    release();
  }

  @Override
  public String toString() {
    return "MultiLease" + leases;
  }

  /**
   * Applies {@code operation} to every lease even when one fails, then throws the first failure
   * (the others suppressed in it).
   *
   * @return whether it returned {@code true} for all
   */
  private static boolean eachOf(List<Lease> leases, Predicate<Lease> operation) {
    boolean all = true;
    LockException failure = null;
    for (Lease lease : leases) {
      try {
        all &= operation.test(lease);
      } catch (LockException e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
    return all;
  }
}
