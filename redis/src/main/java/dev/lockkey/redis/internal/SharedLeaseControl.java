package dev.lockkey.redis.internal;

import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LeaseControl;
import dev.lockkey.lock.LeaseLostException;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Future;

/**
 * The Redis side of one share of a lock with several holders: a permit, a read share or a write
 * lock. Release and extension run {@link SharedCommands}' scripts; a write lease being
 * {@link #downgrade downgraded} is released by the downgrade instead, inside the lease's own
 * release, so that its renewal is stopped before and no extension of it follows. Thread-safe.
 */
final class SharedLeaseControl implements LeaseControl {
  /** A downgrade under way: the read share's owner token and lease, and the share once taken. */
  private static final class Downgrade {
    final String owner;
    final LockOptions options;
    Lease read;

    Downgrade(String owner, LockOptions options) {
      this.owner = owner;
      this.options = options;
    }
  }

  private final SharedLocks locks;
  private final SharedNames names;
  private final SharedKind kind;
  private final int permits;
  private volatile Downgrade downgrade;

  SharedLeaseControl(SharedLocks locks, SharedNames names, SharedKind kind, int permits) {
    this.locks = locks;
    this.names = names;
    this.kind = kind;
    this.permits = permits;
  }

  /** The store's name of a share of this kind: the holders' key, or the writer's. */
  String fullKey() {
    return kind == SharedKind.WRITE ? names.writer() : names.holders();
  }

  /** Whether this is a write lock's control. */
  boolean isWrite() {
    return kind == SharedKind.WRITE;
  }

  @Override
  public boolean[] release(List<Lease> live) {
    Lease lease = live.get(0);
    try {
      Downgrade pending = downgrade;
      if (pending != null) {
        pending.read = locks.downgraded(names, lease, pending.owner, pending.options);
        return new boolean[] {pending.read != null};
      }
      return new boolean[] {locks.commands().release(names, lease.ownerToken(), kind, permits, false)};
    } catch (LockException failure) {
      locks.listener().onError(lease.key(), failure);
      throw failure;
    }
  }

  /**
   * Turns {@code write}, a write lease of this control, into a read share for {@code owner}: the
   * lease's release runs the downgrade.
   *
   * @throws LeaseLostException when the write lock was not held any more
   */
  Lease downgrade(Lease write, String owner, LockOptions options) {
    Downgrade pending = new Downgrade(owner, options);
    synchronized (this) {
      downgrade = pending;
      try {
        write.release();
      } finally {
        downgrade = null;
      }
    }
    if (pending.read == null) {
      throw new LeaseLostException(write.fullKey(), "the write lock was released or lost before the downgrade");
    }
    return pending.read;
  }

  @Override
  public boolean[] extend(List<Lease> live, Duration leaseTime) {
    Lease lease = live.get(0);
    return new boolean[] {locks.commands().extend(names, lease.ownerToken(), leaseTime)};
  }

  @Override
  public void ended(Lease lease, boolean lost) {
    locks.ended(lease);
  }

  @Override
  public Future<?> scheduleRenewal(Runnable renewal, long delayNanos) {
    return locks.renewer().schedule(renewal, delayNanos);
  }

  @Override
  public void callback(Runnable callback) {
    locks.renewer().callback(callback);
  }

  @Override
  public LockListener listener() {
    return locks.listener();
  }

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }

  @Override
  public Clock clock() {
    return locks.clock();
  }
}
