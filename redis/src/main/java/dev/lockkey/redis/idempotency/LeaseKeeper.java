package dev.lockkey.redis.idempotency;

import dev.lockkey.LockKey;
import dev.lockkey.internal.LeaseRenewer;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockListener;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Renews the leases of in-progress records while their work runs, every third of the lease, on the
 * renewal threads of the {@link LeaseRenewer} that lock leases use. A renewal that finds the record
 * no longer the caller's stops and tells the listener {@code onLeaseLost}; a Redis failure is told
 * {@code onError}, and the next renewal tries again. The listener hears on the renewer's callback
 * thread, never on a renewal thread, as for lock leases. Thread-safe.
 */
final class LeaseKeeper {
  /** One record's renewals; closing stops them. */
  interface Renewal extends AutoCloseable {
    /** Renews nothing: for calls without renewal. */
    Renewal NONE = () -> { };

    @Override
    void close();
  }

  private final RecordStore store;
  private final LockListener listener;
  private final LeaseRenewer renewer;

  LeaseKeeper(RecordStore store, LockListener listener, LeaseRenewer renewer) {
    this.store = store;
    this.listener = listener;
    this.renewer = renewer;
  }

  /** Renews {@code owner}'s record until the returned renewal is closed. */
  Renewal keep(LockKey key, String recordKey, String owner, long leaseMillis) {
    Renewing renewal = new Renewing(key, recordKey, owner, leaseMillis);
    renewal.scheduleIn(renewal.periodNanos);
    return renewal;
  }

  /** A chain of one-shot renewals, each scheduling the next a third of the lease after it started. */
  private final class Renewing implements Renewal {
    private final LockKey key;
    private final String recordKey;
    private final String owner;
    private final long leaseMillis;
    private final long periodNanos;
    private volatile Future<?> next;
    private volatile boolean closed;

    Renewing(LockKey key, String recordKey, String owner, long leaseMillis) {
      this.key = key;
      this.recordKey = recordKey;
      this.owner = owner;
      this.leaseMillis = leaseMillis;
      this.periodNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(1, leaseMillis / 3));
    }

    void scheduleIn(long delayNanos) {
      Future<?> scheduled = renewer.schedule(this::renew, Math.max(0, delayNanos));
      next = scheduled;
      if (closed && scheduled != null) { // closed while this was scheduled
        scheduled.cancel(false);
      }
    }

    private void renew() {
      if (closed) {
        return;
      }
      long startedNanos = System.nanoTime();
      try {
        // a renewal racing with the outcome being stored finds the record done: that is no lost lease
        if (!store.extend(recordKey, owner, leaseMillis)) {
          if (!closed) {
            close();
            renewer.tell(() -> listener.onLeaseLost(key));
          }
          return;
        }
      } catch (LockException e) {
        renewer.tell(() -> listener.onError(key, e));
      }
      scheduleIn(periodNanos - (System.nanoTime() - startedNanos));
    }

    @Override
    public void close() {
      closed = true;
      Future<?> scheduled = next;
      if (scheduled != null) {
        scheduled.cancel(false);
      }
    }
  }
}
