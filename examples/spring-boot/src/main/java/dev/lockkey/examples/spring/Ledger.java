package dev.lockkey.examples.spring;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The payments ledger, in memory for the example. A capture is written once per payment; a write
 * carrying a fencing token older than the last one seen for the payment is refused, as a ledger
 * behind a lock should: a holder whose lease ran out can no longer write.
 */
@Component
public class Ledger {
  private final Map<String, Capture> captures = new ConcurrentHashMap<>();
  private final Map<String, Long> lastToken = new ConcurrentHashMap<>();

  /** The capture of a payment, if there is one. */
  public Optional<Capture> find(String tenant, long paymentId) {
    return Optional.ofNullable(captures.get(id(tenant, paymentId)));
  }

  /**
   * Writes a capture.
   *
   * @throws IllegalStateException when a newer fencing token already wrote for this payment
   */
  public Capture write(String tenant, long paymentId, long amountMinor, long fencingToken) {
    String id = id(tenant, paymentId);
    lastToken.merge(id, fencingToken, (last, token) -> {
      if (token < last) {
        throw new IllegalStateException("stale fencing token " + token + " < " + last + " for payment " + id);
      }
      return token;
    });
    Capture capture = new Capture(tenant, paymentId, amountMinor, fencingToken);
    captures.put(id, capture);
    return capture;
  }

  /** How many captures the ledger holds. */
  public int size() {
    return captures.size();
  }

  private static String id(String tenant, long paymentId) {
    return tenant + "/" + paymentId;
  }

  /** A captured payment, with the fencing token of the lock it was written under. */
  public record Capture(String tenant, long paymentId, long amountMinor, long fencingToken) {}
}
