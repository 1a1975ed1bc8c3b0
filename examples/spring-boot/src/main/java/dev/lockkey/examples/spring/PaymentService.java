package dev.lockkey.examples.spring;

import dev.lockkey.codec.ResultCodec;
import dev.lockkey.flight.FlightOptions;
import dev.lockkey.flight.SingleFlight;
import dev.lockkey.redis.RedisLockExecutor;
import java.math.BigDecimal;
import java.time.Duration;
import org.springframework.stereotype.Service;

/** Captures payments exactly once, and quotes exchange rates fetched once per currency pair. */
@Service
public class PaymentService {
  private static final FlightOptions<String> QUOTES =
      FlightOptions.builder(ResultCodec.utf8()).resultTtl(Duration.ofMinutes(1)).build();

  private final RedisLockExecutor locks;
  private final SingleFlight flights;
  private final Ledger ledger;
  private final RateSource rates;

  public PaymentService(RedisLockExecutor locks, SingleFlight flights, Ledger ledger, RateSource rates) {
    this.locks = locks;
    this.flights = flights;
    this.ledger = ledger;
    this.rates = rates;
  }

  /**
   * Captures a payment unless it is captured already: under the payment's lock, so two requests
   * for one payment (a double click, a retry) never both capture, while other payments go on.
   */
  public CaptureResult capture(String tenant, long paymentId, long amountMinor) {
    return locks.withLock(PaymentCaptureKey.of(tenant, paymentId), lease -> ledger.find(tenant, paymentId)
        .map(existing -> new CaptureResult(false, existing))
        .orElseGet(() -> new CaptureResult(true, ledger.write(tenant, paymentId, amountMinor, lease.fencingToken()))));
  }

  /** The rate from one currency to another; concurrent and later requests share one upstream fetch. */
  public BigDecimal quote(String from, String to) {
    return new BigDecimal(flights.run(FxQuoteKey.of(from, to), QUOTES, lease -> rates.fetch(from, to).toPlainString()));
  }

  /**
   * What a capture request did.
   *
   * @param captured whether this request captured; {@code false} when the payment was captured before
   */
  public record CaptureResult(boolean captured, Ledger.Capture capture) {}
}
