package dev.lockkey.processor.guards;

import dev.lockkey.guard.Permitted;
import dev.lockkey.guard.ReadLocked;
import dev.lockkey.guard.WriteLocked;
import dev.lockkey.lock.Lease;
import dev.lockkey.processor.specs.PaymentCapture;
import java.util.concurrent.atomic.AtomicInteger;

/** A service whose methods take permits and read/write locks; {@code SharedLockGuardsTest} runs it on Redis. */
public class ReportService {
  final AtomicInteger exporting = new AtomicInteger();
  final AtomicInteger mostExporting = new AtomicInteger();
  final AtomicInteger readers = new AtomicInteger();
  final AtomicInteger writers = new AtomicInteger();
  final AtomicInteger overlaps = new AtomicInteger();

  /** Holds one of two permits of the order; returns the permit's fencing token. */
  @Permitted(value = PaymentCapture.class, permits = 2, waitTime = "1m")
  public long export(String tenant, long orderId, Lease permit) throws InterruptedException {
    mostExporting.accumulateAndGet(exporting.incrementAndGet(), Math::max);
    Thread.sleep(3);
    exporting.decrementAndGet();
    return permit.fencingToken();
  }

  /** Reads the order under its read share. */
  @ReadLocked(value = PaymentCapture.class, waitTime = "1m")
  public void read(String tenant, long orderId) throws InterruptedException {
    readers.incrementAndGet();
    if (writers.get() != 0) {
      overlaps.incrementAndGet();
    }
    Thread.sleep(2);
    readers.decrementAndGet();
  }

  /** Writes the order under its write lock; returns the lock's fencing token. */
  @WriteLocked(value = PaymentCapture.class, waitTime = "1m")
  public long write(String tenant, long orderId, Lease lease) throws InterruptedException {
    if (writers.incrementAndGet() != 1 || readers.get() != 0) {
      overlaps.incrementAndGet();
    }
    Thread.sleep(2);
    writers.decrementAndGet();
    return lease.fencingToken();
  }
}
