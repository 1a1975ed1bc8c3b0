package dev.lockkey.examples.spring;

import dev.lockkey.lock.LockTimeoutException;
import java.math.BigDecimal;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The payment API. */
@RestController
public class PaymentController {
  private final PaymentService payments;

  public PaymentController(PaymentService payments) {
    this.payments = payments;
  }

  /** {@code POST /tenants/acme/payments/42/capture?amountMinor=1999}. */
  @PostMapping("/tenants/{tenant}/payments/{paymentId}/capture")
  public PaymentService.CaptureResult capture(@PathVariable String tenant, @PathVariable long paymentId,
      @RequestParam long amountMinor) {
    return payments.capture(tenant, paymentId, amountMinor);
  }

  /** {@code GET /fx/EUR/USD}. */
  @GetMapping("/fx/{from}/{to}")
  public Map<String, BigDecimal> quote(@PathVariable String from, @PathVariable String to) {
    return Map.of("rate", payments.quote(from, to));
  }

  /** The payment is busy longer than the lock's wait time: the client may retry. */
  @ExceptionHandler(LockTimeoutException.class)
  public ResponseEntity<Map<String, String>> busy(LockTimeoutException e) {
    return ResponseEntity.status(HttpStatus.CONFLICT).body(Map.of("error", "payment busy, retry"));
  }
}
