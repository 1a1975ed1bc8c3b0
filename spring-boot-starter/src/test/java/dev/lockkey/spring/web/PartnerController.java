package dev.lockkey.spring.web;

import dev.lockkey.guard.RateLimitedException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * An API whose refusals the application answers itself, through its own (unordered) controller
 * advice: it takes precedence over LockKey's.
 */
@RestController
public class PartnerController {
  private final ShipmentDesk desk;

  PartnerController(ShipmentDesk desk) {
    this.desk = desk;
  }

  @GetMapping("/partners/shipments/{id}/quote")
  String quote(@PathVariable long id) {
    return desk.quote("partner", id);
  }

  /** The application's own mapping of a denied call. */
  @RestControllerAdvice(assignableTypes = PartnerController.class)
  public static class OwnRefusals {
    @ExceptionHandler(RateLimitedException.class)
    ResponseEntity<String> rateLimited(RateLimitedException e) {
      return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body("partner quotes are paused");
    }
  }
}
