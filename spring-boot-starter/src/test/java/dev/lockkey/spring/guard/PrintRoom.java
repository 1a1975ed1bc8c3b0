package dev.lockkey.spring.guard;

import dev.lockkey.guard.Permitted;
import dev.lockkey.guard.ReadLocked;
import dev.lockkey.guard.WriteLocked;
import dev.lockkey.spring.ShipmentDispatch;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A bean with {@code @Permitted}, {@code @ReadLocked} and {@code @WriteLocked} methods, instrumented
 * for the test: how many callers are inside each now and at most, and a gate that holds them inside
 * (read through methods: the test holds the bean's proxy, whose fields are not the bean's).
 */
public class PrintRoom {
  private final AtomicInteger printing = new AtomicInteger();
  private final AtomicInteger mostPrinting = new AtomicInteger();
  private final AtomicInteger printed = new AtomicInteger();
  private final AtomicInteger reading = new AtomicInteger();
  private final AtomicInteger writing = new AtomicInteger();
  private final AtomicInteger overlaps = new AtomicInteger();
  private volatile CountDownLatch gate = new CountDownLatch(0);

  /** Prints on one of the shipment's two printers. */
  @Permitted(value = ShipmentDispatch.class, permits = 2, waitTime = "1m")
  public void print(String tenant, long shipmentId) throws InterruptedException {
    int inside = printing.incrementAndGet();
    mostPrinting.accumulateAndGet(inside, Math::max);
    try {
      pass();
    } finally {
      printing.decrementAndGet();
      printed.incrementAndGet();
    }
  }

  /** Reads the shipment's label, beside other readers. */
  @ReadLocked(value = ShipmentDispatch.class, waitTime = "1m")
  public void read(String tenant, long shipmentId) throws InterruptedException {
    reading.incrementAndGet();
    try {
      if (writing.get() > 0) {
        overlaps.incrementAndGet();
      }
      pass();
    } finally {
      reading.decrementAndGet();
    }
  }

  /** Rewrites the shipment's label, alone. */
  @WriteLocked(value = ShipmentDispatch.class, waitTime = "1m")
  public void write(String tenant, long shipmentId) throws InterruptedException {
    int writers = writing.incrementAndGet();
    try {
      if (writers > 1 || reading.get() > 0) {
        overlaps.incrementAndGet();
      }
      pass();
    } finally {
      writing.decrementAndGet();
    }
  }

  /** {@return how many callers print now} */
  int printing() {
    return printing.get();
  }

  /** {@return the most callers that printed at once} */
  int mostPrinting() {
    return mostPrinting.get();
  }

  /** {@return how many calls printed} */
  int printed() {
    return printed.get();
  }

  /** {@return how many callers read now} */
  int reading() {
    return reading.get();
  }

  /** {@return how many callers write now} */
  int writing() {
    return writing.get();
  }

  /** {@return how often a reader met a writer, or a writer another writer, inside} */
  int overlaps() {
    return overlaps.get();
  }

  void closeGate() {
    gate = new CountDownLatch(1);
  }

  void openGate() {
    gate.countDown();
  }

  private void pass() throws InterruptedException {
    if (!gate.await(1, TimeUnit.MINUTES)) {
      throw new IllegalStateException("the test never opened the gate");
    }
  }
}
