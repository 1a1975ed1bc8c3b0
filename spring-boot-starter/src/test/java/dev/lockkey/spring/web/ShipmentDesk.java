package dev.lockkey.spring.web;

import dev.lockkey.guard.Idempotent;
import dev.lockkey.guard.Locked;
import dev.lockkey.guard.RateLimited;
import dev.lockkey.idempotency.IdempotencyOptions.InProgress;
import dev.lockkey.spring.ShipmentDispatch;
import dev.lockkey.spring.guard.ShipmentQuote;
import java.time.Instant;

/** The guarded bean behind the test application's controllers: one method per refusal a web client can meet. */
public class ShipmentDesk {

  /** One quote per shipment and minute. */
  @RateLimited(value = ShipmentDispatch.class, limit = 1, window = "1m")
  public String quote(String tenant, long shipmentId) {
    return "quoted " + shipmentId;
  }

  /** One lookup per customer and minute. */
  @RateLimited(value = CustomerLookup.class, limit = 1, window = "1m")
  public String lookup(String email) {
    return "found";
  }

  /** Dispatches under the shipment's lock, without waiting for it. */
  @Locked(value = ShipmentDispatch.class, waitTime = "0s")
  public String dispatch(String tenant, long shipmentId) {
    return "dispatched " + shipmentId;
  }

  /** Tracks a shipment once per shipment and quote; a duplicate fails at once while the first runs. */
  @Idempotent(value = ShipmentDispatch.class, inProgress = InProgress.FAIL)
  public Tracking track(String tenant, long shipmentId, ShipmentQuote quote) {
    return new Tracking("T-" + shipmentId, Instant.parse("2026-12-02T06:00:00Z"));
  }

  /**
   * Where a shipment is: a record with a {@code java.time} field, stored as JSON.
   *
   * @param trackingId the carrier's number
   * @param pickedUp when the carrier took it
   */
  public record Tracking(String trackingId, Instant pickedUp) {}
}
