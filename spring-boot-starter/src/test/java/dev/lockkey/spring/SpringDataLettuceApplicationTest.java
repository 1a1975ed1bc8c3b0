package dev.lockkey.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.lock.Lease;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.LettuceConnection;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.spring.autoconfigure.LockKeyAutoConfiguration;
import dev.lockkey.spring.guard.DispatchService;
import dev.lockkey.spring.guard.QuoteDesk;
import dev.lockkey.spring.guard.ShipmentQuote;
import dev.lockkey.testing.RedisFixture;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A whole Spring Boot application with Spring Data Redis on Lettuce (Boot's default): LockKey
 * runs on the application's connection factory, opens no Jedis client, and says so once at
 * start-up. Every connection the server sees, but the test's own, carries the client name the
 * application configured for its factory: one client library, one configuration. The test names no
 * Jedis type, so that {@code compat/spring-data-lettuce-only} runs it with no Jedis on the class path.
 */
@SpringBootTest(classes = SpringDataLettuceApplicationTest.App.class, properties = {
    "lockkey.environment=lettuce-app",
    "spring.data.redis.client-name=" + SpringDataLettuceApplicationTest.CLIENT_NAME,
    "spring.data.redis.timeout=2s"})
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SpringDataLettuceApplicationTest {
  static final String CLIENT_NAME = "lockkey-lettuce-app";
  private static final RedisFixture REDIS = RedisFixture.startLocal();
  /** What LockKey's auto-configuration logs while the context starts (System.Logger writes to JUL). */
  private static final List<String> LOGGED = new CopyOnWriteArrayList<>();
  private static final Logger LOCKKEY_LOG = Logger.getLogger(LockKeyAutoConfiguration.class.getName());

  static {
    LOCKKEY_LOG.addHandler(new Handler() {
      @Override
      public void publish(LogRecord record) {
        LOGGED.add(record.getMessage());
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    });
  }

  /** The application: every auto-configuration on the class path, a guarded bean of each kind, no component scan. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {
    @Bean
    DispatchService dispatchService() {
      return new DispatchService();
    }

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
    registry.add("spring.data.redis.host", REDIS::host);
    registry.add("spring.data.redis.port", REDIS::port);
  }

  @AfterAll
  static void stopRedis() {
    REDIS.close();
  }

  @Autowired ApplicationContext context;
  @Autowired RedisLockExecutor locks;
  @Autowired DispatchService dispatch;
  @Autowired QuoteDesk quotes;

  @Test
  void lockKeyRunsOnTheApplicationsLettuceFactoryAndOpensNoJedisClient() throws Exception {
    assertThat(LOGGED).filteredOn(message -> message.startsWith("LockKey uses")).singleElement().asString()
        .startsWith("LockKey uses the application's Spring Data Redis connection factory (Lettuce");
    assertThat(context.getBeansOfType(LettuceConnectionFactory.class)).hasSize(1);
    assertThat(context.getBean(RedisConnection.class)).isInstanceOf(LettuceConnection.class);
    assertThat(Arrays.stream(context.getBeanDefinitionNames()).map(context::getType).filter(Objects::nonNull)
        .map(Class::getName)).as("no Jedis client of LockKey's").noneMatch(type -> type.startsWith("redis.clients."));

    // a contended lock: the waiter's subscriber connection opens too
    ShipmentDispatchKey key = ShipmentDispatchKey.of("acme", 1);
    Lease held = locks.acquire(key);
    CompletableFuture<Long> waiter = CompletableFuture.supplyAsync(() -> {
      try (Lease next = locks.acquire(key)) {
        return next.fencingToken();
      }
    });
    RedisAwaits.until("the waiter subscribed", () -> locks.stats().threadsWaiting() == 1);
    held.release();
    assertThat(waiter.get(10, TimeUnit.SECONDS)).isGreaterThan(held.fencingToken());

    // the method guards on the same connection: a @Locked method, and an @Idempotent one replayed
    assertThat(dispatch.dispatch("acme", 2, null)).as("the fencing token of @Locked's lease").isPositive();
    QuoteDesk.Price first = quotes.quote("acme", 3, new ShipmentQuote(12_000, "DE"), null);
    assertThat(quotes.quote("acme", 3, new ShipmentQuote(12_000, "DE"), null))
        .as("the second call replays the first's result, fencing token included").isEqualTo(first);

    RedisClient inspectorClient = RedisClient.create(RedisURI.create(REDIS.host(), REDIS.port()));
    try (StatefulRedisConnection<String, String> connection = inspectorClient.connect()) {
      RedisCommands<String, String> inspector = connection.sync();
      long own = inspector.clientId();
      List<String> others = inspector.clientList().lines()
          .filter(line -> !line.startsWith("id=" + own + " "))
          .toList();
      assertThat(others).as("connections of the application").isNotEmpty()
          .allSatisfy(line -> assertThat(line).contains(" name=" + CLIENT_NAME + " "));
    } finally {
      inspectorClient.shutdown();
    }
  }

  /** Bounded waiting. */
  private static final class RedisAwaits {
    static void until(String what, java.util.function.BooleanSupplier condition) throws InterruptedException {
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (!condition.getAsBoolean()) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError("timed out waiting until " + what);
        }
        Thread.sleep(10);
      }
    }
  }
}
