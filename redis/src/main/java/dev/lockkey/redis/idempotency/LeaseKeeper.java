package dev.lockkey.redis.idempotency;

import dev.lockkey.LockKey;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockListener;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Renews the leases of in-progress records while their work runs, every third of the lease, on one
 * daemon thread. A renewal that finds the record no longer the caller's stops and tells the
 * listener {@code onLeaseLost}; a Redis failure is told {@code onError}, and the next renewal tries
 * again. Thread-safe.
 */
final class LeaseKeeper implements AutoCloseable {
  private final RecordStore store;
  private final LockListener listener;
  private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, task -> {
    Thread thread = new Thread(task, "lockkey-idempotency-renewal");
    thread.setDaemon(true);
    return thread;
  });

  LeaseKeeper(RecordStore store, LockListener listener) {
    this.store = store;
    this.listener = listener;
    timer.setRemoveOnCancelPolicy(true);
  }

  /** {@return the renewal thread's scheduler, which also runs the outcome subscriber's short housekeeping} */
  ScheduledExecutorService scheduler() {
    return timer;
  }

  /** Renews {@code owner}'s record until the returned renewal is closed. */
  Renewal keep(LockKey key, String recordKey, String owner, long leaseMillis) {
    long period = Math.max(1, leaseMillis / 3);
    Renewal renewal = new Renewal();
    renewal.future = timer.scheduleAtFixedRate(() -> renew(key, recordKey, owner, leaseMillis, renewal),
        period, period, TimeUnit.MILLISECONDS);
    return renewal;
  }

  private void renew(LockKey key, String recordKey, String owner, long leaseMillis, Renewal renewal) {
    try {
      // a renewal racing with the outcome being stored finds the record done: that is no lost lease
      if (!store.extend(recordKey, owner, leaseMillis) && !renewal.closed) {
        renewal.close();
        listener.onLeaseLost(key);
      }
    } catch (LockException e) {
      listener.onError(key, e);
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }

  /** One record's renewals; closing stops them. */
  static final class Renewal implements AutoCloseable {
    /** Renews nothing: for calls without renewal. */
    static final Renewal NONE = new Renewal();

    private volatile ScheduledFuture<?> future;
    private volatile boolean closed;

    @Override
    public void close() {
      closed = true;
      ScheduledFuture<?> scheduled = future;
      if (scheduled != null) {
        scheduled.cancel(false);
      }
    }
  }
}
