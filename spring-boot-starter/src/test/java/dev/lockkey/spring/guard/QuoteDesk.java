package dev.lockkey.spring.guard;

import dev.lockkey.codec.ResultCodec;
import dev.lockkey.guard.FencingToken;
import dev.lockkey.guard.Idempotent;
import dev.lockkey.spring.ShipmentDispatch;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A bean with an {@code @Idempotent} method whose result type is stored by the application's
 * {@link PriceCodec} bean, instrumented for the test: how often it ran, and a gate that holds the
 * run inside.
 */
public class QuoteDesk {
  private final AtomicInteger runs = new AtomicInteger();
  private volatile CountDownLatch gate = new CountDownLatch(0);
  private volatile CountDownLatch entered = new CountDownLatch(0);

  /** Prices a shipment once per shipment and quote. */
  @Idempotent(value = ShipmentDispatch.class, waitTime = "1m")
  public Price quote(String tenant, long shipmentId, ShipmentQuote quote, FencingToken token)
      throws InterruptedException {
    runs.incrementAndGet();
    entered.countDown();
    if (!gate.await(1, TimeUnit.MINUTES)) {
      throw new IllegalStateException("the test never opened the gate");
    }
    return new Price(quote.weightGrams() / 10, token.value());
  }

  int runs() {
    return runs.get();
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

  /**
   * A quoted price and the fencing token of the run that computed it.
   *
   * @param cents the price
   * @param fencingToken the token the run got
   */
  public record Price(long cents, long fencingToken) {}

  /** The application's codec of prices, found by its generic type; counts what it encoded. */
  public static final class PriceCodec implements ResultCodec<Price> {
    private final AtomicInteger encoded = new AtomicInteger();

    @Override
    public byte[] encode(Price value) {
      encoded.incrementAndGet();
      return (value.cents() + ":" + value.fencingToken()).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Price decode(byte[] bytes) {
      String[] parts = new String(bytes, StandardCharsets.UTF_8).split(":");
      return new Price(Long.parseLong(parts[0]), Long.parseLong(parts[1]));
    }

    int encoded() {
      return encoded.get();
    }
  }
}
