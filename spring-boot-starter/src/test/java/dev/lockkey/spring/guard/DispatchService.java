package dev.lockkey.spring.guard;

import dev.lockkey.guard.Locked;
import dev.lockkey.guard.RateLimited;
import dev.lockkey.lock.Lease;
import dev.lockkey.spring.ShipmentDispatch;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A bean with guarded methods, instrumented for the test: how many calls are inside per shipment,
 * how often two were inside one at once, and a gate that holds one call inside.
 */
public class DispatchService {
  private final Map<Long, AtomicInteger> inside = new ConcurrentHashMap<>();
  private final AtomicInteger overlaps = new AtomicInteger();
  private final AtomicInteger quotes = new AtomicInteger();
  private volatile CountDownLatch gate = new CountDownLatch(0);
  private volatile CountDownLatch entered = new CountDownLatch(0);

  /** Dispatches under the shipment's lock; returns the fencing token of the lease passed in. */
  @Locked(value = ShipmentDispatch.class, waitTime = "30s")
  public long dispatch(String tenant, long shipmentId, Lease lease) throws InterruptedException {
    if (inside.computeIfAbsent(shipmentId, id -> new AtomicInteger()).incrementAndGet() > 1) {
      overlaps.incrementAndGet();
    }
    try {
      entered.countDown();
      gate.await(30, TimeUnit.SECONDS);
      return lease.fencingToken();
    } finally {
      inside.get(shipmentId).decrementAndGet();
    }
  }

  /** The same lock, without waiting for it. */
  @Locked(value = ShipmentDispatch.class, waitTime = "0s")
  public boolean tryDispatch(String tenant, long shipmentId) {
    return true;
  }

  /** At most five quotes per shipment and minute. */
  @RateLimited(value = ShipmentDispatch.class, limit = 5, window = "1m")
  public int quote(String tenant, long shipmentId) {
    return quotes.incrementAndGet();
  }

  /** The next call of {@link #dispatch} waits inside until {@link #openGate()}. */
  void closeGate() {
    entered = new CountDownLatch(1);
    gate = new CountDownLatch(1);
  }

  boolean awaitEntered() throws InterruptedException {
    return entered.await(30, TimeUnit.SECONDS);
  }

  void openGate() {
    gate.countDown();
  }

  int overlaps() {
    return overlaps.get();
  }

  int quotes() {
    return quotes.get();
  }
}
