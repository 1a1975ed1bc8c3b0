package dev.lockkey.redis.internal;

import dev.lockkey.lock.Lease;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The leases of one executor that are neither released nor found lost nor run out: counted for
 * {@code stats()}, and swept. A lease left to run out without a release (the "at most once per
 * lease" pattern: acquire, never release) would otherwise count as held forever and keep its key's
 * local queue; the {@link #sweep() sweep}, every {@link #SWEEP_PERIOD}, stops counting it and
 * passes its local queue on (to the next waiter, or dropped when idle) once its lease ran out by
 * the monotonic clock. Thread-safe.
 */
final class LiveLeases {
  /** How often leases are checked for having run out: the bound on how long a leaked one stays counted. */
  static final Duration SWEEP_PERIOD = Duration.ofSeconds(1);

  /** Each live lease and its control (which knows the lease's local queue, if any). */
  private final Map<Lease, RedisLeaseControl> live = new ConcurrentHashMap<>();
  private final AtomicInteger renewing = new AtomicInteger();
  private final LocalWaitQueue waitQueue;

  LiveLeases(LocalWaitQueue waitQueue) {
    this.waitQueue = waitQueue;
  }

  /** Counts a lease just granted. */
  void add(Lease lease, RedisLeaseControl control) {
    live.put(lease, control);
    if (lease.options().renewal()) {
      renewing.incrementAndGet();
    }
  }

  /**
   * Stops counting {@code lease}, once.
   *
   * @return whether it was counted until now
   */
  boolean remove(Lease lease) {
    if (live.remove(lease) == null) {
      return false;
    }
    if (lease.options().renewal()) {
      renewing.decrementAndGet();
    }
    return true;
  }

  /** How many leases are live. */
  int held() {
    return live.size();
  }

  /** How many of the live leases the watchdog renews. */
  int renewing() {
    return renewing.get();
  }

  /**
   * Stops counting the leases that ran out without a release or a renewal, and lets their local
   * queues go. On a housekeeping thread: no I/O, no listener.
   */
  void sweep() {
    live.forEach((lease, control) -> {
      if (lease.remainingNanos() < 0 && remove(lease) && control.queue() != null) {
        waitQueue.leave(control.queue(), lease);
      }
    });
  }
}
