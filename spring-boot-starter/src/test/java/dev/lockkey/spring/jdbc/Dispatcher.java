package dev.lockkey.spring.jdbc;

import dev.lockkey.spring.guard.ShipmentQuote;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.annotation.Transactional;

/** A {@code @Transactional} service that writes a row of its own and prints a label in the same transaction. */
public class Dispatcher {
  private final JdbcTemplate jdbc;
  private final LabelDesk labels;

  Dispatcher(JdbcTemplate jdbc, LabelDesk labels) {
    this.jdbc = jdbc;
    this.labels = labels;
  }

  /** Dispatches a shipment: its row, then its label; {@code thenFail} throws after both, so that all rolls back. */
  @Transactional
  public String dispatch(String tenant, long shipmentId, ShipmentQuote quote, boolean thenFail)
      throws InterruptedException {
    jdbc.update("INSERT INTO dispatches (tenant, shipment_id) VALUES (?, ?)", tenant, shipmentId);
    String label = labels.print(tenant, shipmentId, quote);
    if (thenFail) {
      throw new IllegalStateException("the truck left without it");
    }
    return label;
  }

  /** Dispatches a shipment whose label may fail: the dispatch row commits either way. */
  @Transactional
  public String dispatchEvenWithoutLabel(String tenant, long shipmentId, ShipmentQuote quote)
      throws InterruptedException {
    jdbc.update("INSERT INTO dispatches (tenant, shipment_id) VALUES (?, ?)", tenant, shipmentId);
    try {
      return labels.print(tenant, shipmentId, quote);
    } catch (IllegalStateException jammed) {
      return "no label";
    }
  }
}
