package dev.lockkey.examples.specs;

import dev.lockkey.Fingerprinted;
import dev.lockkey.NotInFingerprint;
import java.math.BigDecimal;
import java.util.List;

/**
 * What a client sends to submit an order. Its fingerprint ({@code OrderRequestFingerprint.of})
 * tells a retry (same content, another trace id) from another request under the same order id.
 *
 * @param traceId differs on every retry, so it is no part of the payload's identity
 */
@Fingerprinted
public record OrderRequest(String customer, List<Line> lines, BigDecimal total, @NotInFingerprint String traceId) {

  /** One line of the order. */
  public record Line(String sku, int quantity) {}
}
