package dev.lockkey.examples.spring;

import java.math.BigDecimal;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.stereotype.Component;

/** The upstream exchange-rate provider: slow and metered, so asking it once per pair matters. */
@Component
public class RateSource {
  private final AtomicInteger calls = new AtomicInteger();

  /** The rate from one currency to another (a fixed table in this example). */
  public BigDecimal fetch(String from, String to) {
    calls.incrementAndGet();
    return from.equalsIgnoreCase(to) ? BigDecimal.ONE : new BigDecimal("1.0842");
  }

  /** How often the provider was asked. */
  public int calls() {
    return calls.get();
  }
}
