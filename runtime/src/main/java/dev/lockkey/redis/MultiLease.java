package dev.lockkey.redis;

import dev.lockkey.LockKey;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

/**
 * Several locks held together, from {@link RedisLockExecutor#acquireAll}: one {@link Lease} per
 * key, each with its own fencing token, in canonical order (sorted by full key). Close it
 * (try-with-resources) to release them all. When all keys share a Redis Cluster slot (always on a
 * single server) release and extension take one round trip for all; otherwise one per key.
 * Thread-safe.
 */
public final class MultiLease implements AutoCloseable {
  private final List<Lease> leases;
  private final boolean oneSlot;

  MultiLease(List<Lease> leases, boolean oneSlot) {
    this.leases = List.copyOf(leases);
    this.oneSlot = oneSlot;
  }

  /** The leases, one per distinct key, sorted by full key. */
  public List<Lease> leases() {
    return leases;
  }

  /**
   * The lease of {@code key}.
   *
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

  /** Whether any of the leases is lost. */
  public boolean isLost() {
    return leases.stream().anyMatch(Lease::isLost);
  }

  /**
   * Releases every lock still held.
   *
   * @return whether every one was still held
   * @throws RedisUnavailableException when Redis did not answer (for several keys: after trying
   *     all of them)
   */
  public boolean release() {
    return oneSlot ? Lease.releaseTogether(leases) : eachOf(leases, Lease::release);
  }

  /**
   * Sets every lease to run out {@code leaseTime} from now, where still held.
   *
   * @return whether every one was still held
   * @throws RedisUnavailableException when Redis did not answer
   */
  public boolean extend(Duration leaseTime) {
    if (leaseTime.toMillis() < 1) {
      throw new IllegalArgumentException("a lease must be at least 1 ms, was " + leaseTime);
    }
    return oneSlot ? Lease.extendTogether(leases, leaseTime) : eachOf(leases, lease -> lease.extend(leaseTime));
  }

  /**
   * Releases every lock as {@link #release()} does; lost leases are no error.
   *
   * @throws RedisUnavailableException when Redis did not answer
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
  static boolean eachOf(List<Lease> leases, Predicate<Lease> operation) {
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
