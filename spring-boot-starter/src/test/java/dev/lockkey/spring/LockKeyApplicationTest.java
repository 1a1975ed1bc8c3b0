package dev.lockkey.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.flight.SingleFlight;
import dev.lockkey.observe.MicrometerLockListener;
import dev.lockkey.ratelimit.RateLimiter;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.dedupe.Deduplicator;
import dev.lockkey.spring.actuate.LockKeyEndpoint;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A whole Spring Boot application (every auto-configuration on the class path, Actuator included)
 * on a real redis-server of its own, which the last test stops and starts again.
 */
@SpringBootTest(properties = {
    "lockkey.environment=app",
    "spring.data.redis.timeout=500ms",
    "spring.data.redis.connect-timeout=500ms",
    "management.endpoints.web.exposure.include=health,lockkey"})
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LockKeyApplicationTest {
  private static final RedisFixture REDIS = RedisFixture.startLocal();

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
  @Autowired LockKeyEndpoint endpoint;

  @Test
  void theStarterBeansAndTheMetricsListenerOfBootsMeterRegistryExist() {
    assertThat(context.getBeansOfType(SingleFlight.class)).hasSize(1);
    assertThat(context.getBeansOfType(Deduplicator.class)).hasSize(1);
    assertThat(context.getBeansOfType(RateLimiter.class)).hasSize(1);
    assertThat(context.getBeansOfType(MicrometerLockListener.class)).hasSize(1);
    assertThat(locks.keyspace().env()).isEqualTo("app");
  }

  @Test
  void theEndpointListsTheSpecAndDecodesAKeyFoundInRedis() {
    LockKeyEndpoint.Report report = endpoint.report();
    assertThat(report.environment()).isEqualTo("app");
    assertThat(report.executor().subscriberHealthy()).isTrue();
    assertThat(report.specs()).extracting(LockKeyEndpoint.Spec::layout)
        .contains("shipment:dispatch:v1:{tenant}:{shipmentId}");

    LockKeyEndpoint.Decoded decoded = endpoint.decode("lock:app:{shipment:dispatch:v1:acme:4711}");
    assertThat(decoded.outcome()).isEqualTo("DECODED");
    assertThat(decoded.spec()).isEqualTo(ShipmentDispatch.class.getName());
    assertThat(decoded.fields()).extracting(LockKeyEndpoint.DecodedValue::name, LockKeyEndpoint.DecodedValue::value)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("tenant", "acme"),
            org.assertj.core.groups.Tuple.tuple("shipmentId", "4711"));

    assertThat(endpoint.decode("session:42").outcome()).isEqualTo("UNKNOWN_LAYOUT");
  }

  @Test
  void healthIsUpAndGoesDownWhileRedisIsStopped() {
    Assumptions.assumeTrue(REDIS.ownsServer(), "needs a server this test may stop");
    assertThat(HealthProbe.status(context)).isEqualTo("UP");
    assertThat(HealthProbe.details(context).toString()).contains("ping=PONG", "subscriber=connected", "maxmemoryPolicy=noeviction");
    REDIS.stop();
    try {
      assertThat(HealthProbe.status(context)).isEqualTo("DOWN");
    } finally {
      REDIS.restart();
    }
    assertThat(awaitStatus("UP", Duration.ofSeconds(20))).isEqualTo("UP");
  }

  @Test
  void healthIsDownWhenRedisMayEvictLocks() {
    Assumptions.assumeTrue(REDIS.ownsServer(), "changes the server's configuration");
    try (var admin = REDIS.newUnifiedJedis()) {
      admin.sendCommand(redis.clients.jedis.Protocol.Command.CONFIG, "SET", "maxmemory-policy", "allkeys-lru");
      try {
        assertThat(HealthProbe.status(context)).isEqualTo("DOWN");
        assertThat(HealthProbe.details(context).toString()).contains("allkeys-lru may evict a held lock");
      } finally {
        admin.sendCommand(redis.clients.jedis.Protocol.Command.CONFIG, "SET", "maxmemory-policy", "noeviction");
      }
    }
  }

  /** The status once it is {@code expected}, or the last one seen when the bound ran out. */
  private String awaitStatus(String expected, Duration bound) {
    long deadline = System.nanoTime() + bound.toNanos();
    String status = HealthProbe.status(context);
    while (!status.equals(expected) && System.nanoTime() < deadline) {
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      status = HealthProbe.status(context);
    }
    return status;
  }
}
