package dev.lockkey.spring.jdbc;

import dev.lockkey.guard.Idempotent;
import dev.lockkey.guard.Permitted;
import dev.lockkey.spring.ShipmentDispatch;
import dev.lockkey.spring.guard.ShipmentQuote;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A bean with an {@code @Idempotent} method whose work writes a row through the application's
 * {@link JdbcTemplate}, so in the caller's transaction; instrumented for the test: how often it
 * ran, a gate that holds the run inside, and a switch that makes it throw after its write. And a
 * {@code @Permitted} method that counts its callers inside.
 */
public class LabelDesk {
  private final JdbcTemplate jdbc;
  private final AtomicInteger runs = new AtomicInteger();
  private final AtomicInteger reprinting = new AtomicInteger();
  private final AtomicInteger mostReprinting = new AtomicInteger();
  private volatile CountDownLatch gate = new CountDownLatch(0);
  private volatile CountDownLatch entered = new CountDownLatch(0);
  private volatile boolean failing;

  LabelDesk(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** Prints a shipment's label once per shipment and quote: one row in {@code labels}. */
  @Idempotent(value = ShipmentDispatch.class, waitTime = "1m")
  public String print(String tenant, long shipmentId, ShipmentQuote quote) throws InterruptedException {
    int run = runs.incrementAndGet();
    jdbc.update("INSERT INTO labels (tenant, shipment_id, run) VALUES (?, ?, ?)", tenant, shipmentId, run);
    entered.countDown();
    if (!gate.await(1, TimeUnit.MINUTES)) {
      throw new IllegalStateException("the test never opened the gate");
    }
    if (failing) {
      throw new IllegalStateException("the printer jammed");
    }
    return "label " + shipmentId + " " + quote.destination() + " run " + run;
  }

  /** Reprints a label on one of two printers: at most two callers inside, by the database's permits. */
  @Permitted(value = ShipmentDispatch.class, permits = 2, waitTime = "1m")
  public String reprint(String tenant, long shipmentId) throws InterruptedException {
    int now = reprinting.incrementAndGet();
    mostReprinting.accumulateAndGet(now, Math::max);
    try {
      Thread.sleep(50); // long enough for the other callers to arrive while this one holds a permit
      return "label " + shipmentId + " reprinted";
    } finally {
      reprinting.decrementAndGet();
    }
  }

  /** {@return the most callers that were inside {@link #reprint} at once} */
  int mostReprinting() {
    return mostReprinting.get();
  }

  int runs() {
    return runs.get();
  }

  void failing(boolean failing) {
    this.failing = failing;
  }

  void closeGate() {
    entered = new CountDownLatch(1);
    gate = new CountDownLatch(1);
  }

  void openGate() {
    gate.countDown();
  }

  boolean awaitEntered() throws InterruptedException {
    return entered.await(1, TimeUnit.MINUTES);
  }
}
