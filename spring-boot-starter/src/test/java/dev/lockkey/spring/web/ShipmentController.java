package dev.lockkey.spring.web;

import dev.lockkey.spring.guard.ShipmentQuote;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The test application's API, on Spring MVC and WebFlux alike; refusals reach the client as LockKey maps them. */
@RestController
public class ShipmentController {
  /** The payload of every tracking call. */
  static final ShipmentQuote QUOTE = new ShipmentQuote(500, "DE");

  private final ShipmentDesk desk;

  ShipmentController(ShipmentDesk desk) {
    this.desk = desk;
  }

  @GetMapping("/shipments/{id}/quote")
  String quote(@PathVariable long id) {
    return desk.quote("acme", id);
  }

  @GetMapping("/customers")
  String lookup(@RequestParam String email) {
    return desk.lookup(email);
  }

  @PostMapping("/shipments/{id}/dispatch")
  String dispatch(@PathVariable long id) {
    return desk.dispatch("acme", id);
  }

  @GetMapping("/shipments/{id}/tracking")
  ShipmentDesk.Tracking track(@PathVariable long id) {
    return desk.track("acme", id, QUOTE);
  }
}
