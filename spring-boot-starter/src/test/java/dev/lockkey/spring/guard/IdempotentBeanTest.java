package dev.lockkey.spring.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.idempotency.IdempotencyConflictException;
import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.spring.SharedRedis;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * An {@code @Idempotent} bean method in a whole Spring Boot application on a real redis-server:
 * the starter's {@link IdempotentCalls} bean runs it, and the application's {@code ResultCodec}
 * bean of its result type stores the result.
 */
@SpringBootTest
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class IdempotentBeanTest {
  private static final int THREADS = 8;

  /** The application: every auto-configuration on the class path, the bean and its result codec. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {
    @Bean
    QuoteDesk quoteDesk() {
      return new QuoteDesk();
    }

    @Bean
    QuoteDesk.PriceCodec priceCodec() {
      return new QuoteDesk.PriceCodec();
    }
  }

  @DynamicPropertySource
  static void redis(DynamicPropertyRegistry registry) {
    SharedRedis.register(registry, "idem");
  }

  @Autowired QuoteDesk desk;
  @Autowired QuoteDesk.PriceCodec codec;
  @Autowired IdempotentCalls calls;

  private final ExecutorService threads = Executors.newFixedThreadPool(THREADS);

  @AfterEach
  void stopThreads() throws InterruptedException {
    desk.openGate();
    threads.shutdownNow();
    assertThat(threads.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void concurrentCallsRunOnceAndShareTheResultStoredByTheCodecBean() throws Exception {
    assertThat(AopUtils.isAopProxy(desk)).isTrue();
    int runs = desk.runs(); // the context, and so the bean, is shared by the tests of this class
    int encoded = codec.encoded();
    desk.closeGate();
    List<Future<QuoteDesk.Price>> futures = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      futures.add(threads.submit(() -> desk.quote("acme", 7, new ShipmentQuote(12_000, "DE"), null)));
    }
    assertThat(desk.awaitEntered()).isTrue();
    desk.openGate();
    Set<QuoteDesk.Price> prices = new HashSet<>();
    for (Future<QuoteDesk.Price> future : futures) {
      prices.add(future.get(90, TimeUnit.SECONDS));
    }

    assertThat(prices).singleElement().satisfies(price -> {
      assertThat(price.cents()).isEqualTo(1200);
      assertThat(price.fencingToken()).isPositive();
    });
    assertThat(desk.runs()).isEqualTo(runs + 1);
    assertThat(codec.encoded()).isEqualTo(encoded + 1);
  }

  @Test
  void anotherQuoteForTheSameShipmentIsRefused() throws Exception {
    int runs = desk.runs();
    desk.quote("acme", 8, new ShipmentQuote(500, "DE"), null);

    assertThatThrownBy(() -> desk.quote("acme", 8, new ShipmentQuote(500, "FR"), null))
        .isInstanceOf(IdempotencyConflictException.class);
    assertThat(desk.runs()).isEqualTo(runs + 1);
  }
}
