package dev.lockkey.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.lock.Lease;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.LettuceConnection;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.spring.autoconfigure.LockKeyAutoConfiguration;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.List;
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
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.UnifiedJedis;

/**
 * A whole Spring Boot application with Spring Data Redis on Lettuce (Boot's default): LockKey
 * runs on the application's connection factory, opens no Jedis client, and says so once at
 * start-up. Every connection the server sees, but the test's own, carries the client name the
 * application configured for its factory: one client library, one configuration.
 */
@SpringBootTest(properties = {
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

  /** The application: every auto-configuration on the class path, no component scan. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {}

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

  @Test
  void lockKeyRunsOnTheApplicationsLettuceFactoryAndOpensNoJedisClient() throws Exception {
    assertThat(LOGGED).filteredOn(message -> message.startsWith("LockKey uses")).singleElement().asString()
        .startsWith("LockKey uses the application's Spring Data Redis connection factory (Lettuce");
    assertThat(context.getBeansOfType(LettuceConnectionFactory.class)).hasSize(1);
    assertThat(context.getBean(RedisConnection.class)).isInstanceOf(LettuceConnection.class);
    assertThat(context.getBeansOfType(UnifiedJedis.class)).as("no Jedis client of LockKey's").isEmpty();

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

    try (Jedis inspector = new Jedis(REDIS.host(), REDIS.port())) {
      long own = inspector.clientId();
      List<String> others = inspector.clientList().lines()
          .filter(line -> !line.startsWith("id=" + own + " "))
          .toList();
      assertThat(others).as("connections of the application").isNotEmpty()
          .allSatisfy(line -> assertThat(line).contains(" name=" + CLIENT_NAME + " "));
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
