package dev.lockkey.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.KeySecret;
import dev.lockkey.Keyspace;
import dev.lockkey.flight.SingleFlight;
import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.observe.HotKeys;
import dev.lockkey.observe.MicrometerLockListener;
import dev.lockkey.permit.Permits;
import dev.lockkey.ratelimit.RateLimit;
import dev.lockkey.ratelimit.RateLimiter;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.dedupe.Deduplicator;
import dev.lockkey.redis.idempotency.RedisIdempotentCalls;
import dev.lockkey.redis.permit.RedisPermits;
import dev.lockkey.redis.rwlock.RedisReadWriteLocks;
import dev.lockkey.rwlock.ReadWriteLocks;
import dev.lockkey.spring.actuate.LockKeyActuatorAutoConfiguration;
import dev.lockkey.spring.actuate.LockKeyEndpoint;
import dev.lockkey.spring.actuate.LockKeyHealth;
import dev.lockkey.spring.autoconfigure.LockKeyAutoConfiguration;
import dev.lockkey.spring.autoconfigure.LockKeyEnvironmentException;
import dev.lockkey.spring.autoconfigure.LockKeyMetricsAutoConfiguration;
import dev.lockkey.testing.RedisClusterFixture;
import dev.lockkey.testing.RedisFixture;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/** Conditions and properties of the auto-configuration, each in a fresh context on the shared real Redis. */
class LockKeyAutoConfigurationTest {
  private static final AtomicInteger ENVIRONMENTS = new AtomicInteger();

  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(LockKeyAutoConfiguration.class, LockKeyMetricsAutoConfiguration.class,
          LockKeyActuatorAutoConfiguration.class))
      .withPropertyValues(
          "spring.data.redis.host=" + RedisFixture.shared().host(),
          "spring.data.redis.port=" + RedisFixture.shared().port(),
          "lockkey.environment=" + environment());

  /** A fresh environment word per context, so that contexts never see each other's locks. */
  private static String environment() {
    return "cfg" + ENVIRONMENTS.incrementAndGet();
  }

  @Test
  void everyBeanExistsAndTheExecutorLocksOnTheClientBuiltFromSpringDataRedis() {
    runner.run(context -> {
      assertThat(context).hasNotFailed()
          .hasSingleBean(UnifiedJedis.class)
          .hasSingleBean(Keyspace.class)
          .hasSingleBean(RedisLockExecutor.class)
          .hasSingleBean(SingleFlight.class)
          .hasSingleBean(Deduplicator.class)
          .hasSingleBean(RateLimiter.class)
          .hasSingleBean(IdempotentCalls.class)
          .hasSingleBean(Permits.class)
          .hasSingleBean(ReadWriteLocks.class)
          .hasSingleBean(HotKeys.class)
          .hasSingleBean(LockKeyHealth.class)
          .doesNotHaveBean(KeySecret.class)
          .doesNotHaveBean(MicrometerLockListener.class);
      RedisLockExecutor locks = context.getBean(RedisLockExecutor.class);
      try (Lease lease = locks.acquire(ShipmentDispatchKey.of("t1", 7))) {
        assertThat(context.getBean(UnifiedJedis.class).exists("lock:" + locks.keyspace().env() + ":{shipment:dispatch:v1:t1:7}"))
            .isTrue();
        assertThat(lease.fencingToken()).isPositive();
      }
    });
  }

  @Test
  void theApplicationsOwnIdempotentCallsWin() {
    try (UnifiedJedis client = RedisFixture.shared().newUnifiedJedis()) {
      runner.withBean("ownCalls", IdempotentCalls.class, () -> RedisIdempotentCalls.create(JedisConnection.of(client), Keyspace.of("own")))
          .run(context -> {
            assertThat(context).hasSingleBean(IdempotentCalls.class);
            assertThat(context.getBean(IdempotentCalls.class).toString()).isEqualTo("RedisIdempotentCalls[own]");
          });
    }
  }

  @Test
  void theApplicationsOwnPermitsAndReadWriteLocksWin() {
    try (UnifiedJedis client = RedisFixture.shared().newUnifiedJedis()) {
      runner.withBean("ownPermits", Permits.class, () -> RedisPermits.create(JedisConnection.of(client), Keyspace.of("own")))
          .withBean("ownLocks", ReadWriteLocks.class, () -> RedisReadWriteLocks.create(JedisConnection.of(client), Keyspace.of("own")))
          .run(context -> {
            assertThat(context).hasSingleBean(Permits.class).hasSingleBean(ReadWriteLocks.class);
            assertThat(context.getBean(Permits.class).keyspace()).isEqualTo(Keyspace.of("own"));
            assertThat(context.getBean(ReadWriteLocks.class).keyspace()).isEqualTo(Keyspace.of("own"));
          });
    }
  }

  @Test
  void lockDefaultsBindFromProperties() {
    runner.withPropertyValues("lockkey.environment=staging", "lockkey.lock.lease-time=12s",
        "lockkey.lock.wait-time=250ms", "lockkey.lock.renewal=true").run(context -> {
          RedisLockExecutor locks = context.getBean(RedisLockExecutor.class);
          assertThat(locks.keyspace()).isEqualTo(Keyspace.of("staging"));
          LockOptions defaults = locks.defaultOptions();
          assertThat(defaults.leaseTime()).isEqualTo(Duration.ofSeconds(12));
          assertThat(defaults.waitTime()).isEqualTo(Duration.ofMillis(250));
          assertThat(defaults.renewal()).isTrue();
        });
  }

  @Test
  void withoutLockPropertiesTheRuntimeDefaultsApply() {
    runner.run(context -> assertThat(context.getBean(RedisLockExecutor.class).defaultOptions().toString())
        .isEqualTo(LockOptions.defaults().toString()));
  }

  @Test
  void aMissingEnvironmentFailsTheStartWithTheReason() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(LockKeyAutoConfiguration.class))
        .withPropertyValues("spring.data.redis.port=" + RedisFixture.shared().port())
        .run(context -> assertThat(context).hasFailed().getFailure()
            .rootCause().isInstanceOf(LockKeyEnvironmentException.class)
            .hasMessage("lockkey.environment is not set"));
  }

  @Test
  void anEnvironmentThatIsNoKeyWordFailsTheStart() {
    runner.withPropertyValues("lockkey.environment=Prod Env").run(context -> {
      assertThat(context).hasFailed();
      assertThat(context.getStartupFailure()).rootCause().isInstanceOf(IllegalArgumentException.class);
      Throwable failure = context.getStartupFailure();
      while (!(failure instanceof LockKeyEnvironmentException)) {
        failure = failure.getCause();
      }
      assertThat(((LockKeyEnvironmentException) failure).value()).isEqualTo("Prod Env");
    });
  }

  @Test
  void theApplicationsOwnClientWinsAndIsUsed() {
    UnifiedJedis own = RedisFixture.shared().newUnifiedJedis();
    runner.withBean("ownJedis", UnifiedJedis.class, () -> own).run(context -> {
      assertThat(context).hasSingleBean(UnifiedJedis.class).doesNotHaveBean("lockKeyJedis");
      assertThat(context.getBean(UnifiedJedis.class)).isSameAs(own);
      RedisLockExecutor locks = context.getBean(RedisLockExecutor.class);
      locks.acquire(ShipmentDispatchKey.of("own", 1)).release();
    });
  }

  @Test
  void theContextClosesTheExecutorAndTheClientItBuilt() {
    RedisLockExecutor[] executor = new RedisLockExecutor[1];
    UnifiedJedis[] jedis = new UnifiedJedis[1];
    runner.run(context -> {
      executor[0] = context.getBean(RedisLockExecutor.class);
      jedis[0] = context.getBean(UnifiedJedis.class);
      executor[0].acquire(ShipmentDispatchKey.of("t1", 8)).release();
    });
    assertThatThrownBy(() -> executor[0].acquire(ShipmentDispatchKey.of("t1", 8)))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
    assertThatThrownBy(() -> jedis[0].ping()).isInstanceOf(JedisException.class);
  }

  @Test
  void aSecretIsABeanOnlyWhenSetAndMustBeBase64OfSixteenBytesAtLeast() {
    String secret = Base64.getEncoder().encodeToString(new byte[32]);
    runner.withPropertyValues("lockkey.secret=" + secret)
        .run(context -> assertThat(context).hasSingleBean(KeySecret.class));
    runner.withPropertyValues("lockkey.secret=not base64!")
        .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
            .hasMessageContaining("lockkey.secret is no base64").hasMessageNotContaining("not base64!"));
    runner.withPropertyValues("lockkey.secret=" + Base64.getEncoder().encodeToString(new byte[8]))
        .run(context -> assertThat(context).hasFailed().getFailure()
            .hasStackTraceContaining("lockkey.secret: a KeySecret needs at least 16 bytes (128 bits), got 8"));
  }

  @Test
  void withAMeterRegistryLocksAreMeasured() {
    runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new).run(context -> {
      assertThat(context).hasSingleBean(MicrometerLockListener.class);
      context.getBean(RedisLockExecutor.class).acquire(ShipmentDispatchKey.of("t1", 9)).release();
      assertThat(context.getBean(MeterRegistry.class).get(MicrometerLockListener.ACQUISITIONS).counters())
          .isNotEmpty();
    });
  }

  @Test
  void withAMeterRegistryRateLimitDenialsAreCounted() {
    runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new).run(context -> {
      RateLimiter limiter = context.getBean(RateLimiter.class);
      ShipmentDispatchKey key = ShipmentDispatchKey.of("t1", 11);
      RateLimit once = RateLimit.perWindow(1, Duration.ofMinutes(1));
      assertThat(limiter.tryAcquire(key, once).allowed()).isTrue();
      assertThat(limiter.tryAcquire(key, once).allowed()).isFalse();
      assertThat(context.getBean(MeterRegistry.class).get(MicrometerLockListener.RATE_LIMITED).counter().count())
          .as("the metrics listener, a RateLimitListener bean, heard the denial").isEqualTo(1.0);
    });
  }

  @Test
  void withoutMicrometerOnTheClassPathThereIsNoMetricsListener() {
    runner.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
        .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(MicrometerLockListener.class));
  }

  @Test
  void everyListenerBeanHearsTheExecutor() {
    AtomicInteger acquired = new AtomicInteger();
    LockListener counting = new LockListener() {
      @Override
      public void onAcquired(dev.lockkey.LockKey key, long waitNanos) {
        acquired.incrementAndGet();
      }
    };
    runner.withBean("counting", LockListener.class, () -> counting).run(context -> {
      context.getBean(RedisLockExecutor.class).acquire(ShipmentDispatchKey.of("t1", 10)).release();
      assertThat(acquired).hasValue(1);
    });
  }

  @Test
  void clusterNodesMakeAClusterClient() {
    String nodes = RedisClusterFixture.shared().masters().stream()
        .map(node -> node.getHost() + ":" + node.getPort()).collect(Collectors.joining(","));
    runner.withPropertyValues("spring.data.redis.cluster.nodes=" + nodes).run(context -> {
      UnifiedJedis jedis = context.getBean(UnifiedJedis.class);
      assertThat(JedisConnection.of(jedis).isCluster()).isTrue();
      RedisLockExecutor locks = context.getBean(RedisLockExecutor.class);
      locks.acquireAll(java.util.List.of(ShipmentDispatchKey.of("a", 1), ShipmentDispatchKey.of("b", 2))).close();
      assertThat(HealthProbe.status(context)).isEqualTo("UP");
      assertThat(HealthProbe.details(context).toString()).contains("ping=PONG", "maxmemoryPolicy=noeviction");
    });
  }

  @Test
  void withoutActuatorThereIsNoHealthOrEndpoint() {
    runner.withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate"))
        .run(context -> assertThat(context).hasNotFailed()
            .hasSingleBean(RedisLockExecutor.class)
            .doesNotHaveBean(LockKeyHealth.class)
            .doesNotHaveBean(LockKeyEndpoint.class));
  }

  @Test
  void theEndpointExistsWhenExposed() {
    runner.withPropertyValues("management.endpoints.web.exposure.include=lockkey")
        .run(context -> assertThat(context).hasSingleBean(LockKeyEndpoint.class));
  }
}
