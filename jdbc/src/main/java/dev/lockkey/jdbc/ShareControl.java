package dev.lockkey.jdbc;

import dev.lockkey.internal.store.LeaseWrites;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LeaseControl;
import dev.lockkey.lock.LeaseLostException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Future;

/**
 * The table's side of one share of a lock with several holders (a permit, a read share or a write
 * lock): a release ends its row, an extension moves its lease end, each one statement within what
 * the lease has left (a lease that ran out sends none: the table's condition would refuse it). A
 * write lease being {@link #downgrade downgraded} is released by the downgrade instead, inside the
 * lease's own release, so that its renewal is stopped first and no extension of it follows.
 * Thread-safe.
 */
final class ShareControl implements LeaseControl {
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
  private final String fullKey;
  private final SharedKind kind;
  private volatile Downgrade downgrade;

  ShareControl(SharedLocks locks, String fullKey, SharedKind kind) {
    this.locks = locks;
    this.fullKey = fullKey;
    this.kind = kind;
  }

  SharedKind kind() {
    return kind;
  }

  @Override
  public boolean[] release(List<Lease> live) {
    Downgrade pending = downgrade;
    if (pending != null) {
      return LeaseWrites.each(locks.renewer(), locks.listener(), live, (write, left) -> {
        pending.read = locks.downgraded(write, pending.owner, pending.options, left);
        return pending.read != null;
      });
    }
    return LeaseWrites.each(locks.renewer(), locks.listener(), live,
        (share, left) -> locks.holders().end(fullKey, share.ownerToken(), left));
  }

  @Override
  public boolean[] extend(List<Lease> live, Duration leaseTime) {
    return LeaseWrites.each(locks.renewer(), locks.listener(), live,
        (share, left) -> locks.holders().extend(fullKey, share.ownerToken(), leaseTime, left));
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
  public void ended(Lease lease, boolean lost) {
    // nothing to do: no local gate, and a lease's row ends in the table
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
    return Clock.systemUTC(); // display only: every lease end is the database's clock
  }
}
