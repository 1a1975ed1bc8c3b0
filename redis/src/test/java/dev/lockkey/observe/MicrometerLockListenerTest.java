package dev.lockkey.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.lockkey.Keyspace;
import dev.lockkey.SpecDescriptor;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.flight.FlightOptions;
import dev.lockkey.flight.SingleFlight;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.ratelimit.RateLimit;
import dev.lockkey.ratelimit.RateLimiter;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.flight.RedisSingleFlight;
import dev.lockkey.redis.ratelimit.RedisRateLimiter;
import dev.lockkey.testing.RedisFixture;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.RedisClient;

/**
 * Metric names, tags and counts after real lock traffic on a real Redis: two executors, as two
 * servers would have, of which only {@code locks} reports to the registry (and to a hot-key
 * sampler, through {@link LockListener#all}). After every test, no meter carries anything but the
 * allowed per-spec tags.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MicrometerLockListenerTest {
  private static final Keyspace KEYSPACE = Keyspace.of("observe");
  private static final LockOptions NO_RENEWAL = LockOptions.builder().renewal(false).build();
  private static final Set<String> NAMES = Set.of(MicrometerLockListener.ACQUISITIONS, MicrometerLockListener.WAIT,
      MicrometerLockListener.HELD, MicrometerLockListener.LEASES_LOST, MicrometerLockListener.RENEWALS,
      MicrometerLockListener.FLIGHTS_SHARED, MicrometerLockListener.RATE_LIMITED);
  private static final Tags PAYMENT_CAPTURE = Tags.of(
      "spec", "PaymentCapture", "domain", "payment", "action", "capture", "version", "1");

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final MicrometerLockListener metrics = MicrometerLockListener.of(registry);
  private final HotKeys hotKeys = HotKeys.create(16);
  private final RedisClient redis = RedisFixture.shared().newClient();
  private final RedisLockExecutor locks = RedisLockExecutor.builder(JedisConnection.of(redis), KEYSPACE)
      .listener(LockListener.all(metrics, hotKeys))
      .build();
  private final RedisLockExecutor otherServer = RedisLockExecutor.create(JedisConnection.of(redis), KEYSPACE);

  @AfterEach
  void noMeterIsPerKey() {
    locks.close();
    otherServer.close();
    redis.close();
    Set<String> specValues = Set.of("PaymentCapture", "OrderState", "payment", "capture", "order", "state", "1", "2",
        "acquired", "contended", "timed_out", "error");
    for (Meter meter : registry.getMeters()) {
      assertThat(meter.getId().getName()).isIn(NAMES);
      assertThat(meter.getId().getTags()).extracting(Tag::getKey).isSubsetOf(MicrometerLockListener.TAG_KEYS);
      assertThat(meter.getId().getTags()).extracting(Tag::getValue).isSubsetOf(specValues);
    }
  }

  /** A key of its own per call: the shared Redis keeps keys of other tests. */
  private static SampleKey newPaymentKey() {
    return SampleKey.payment(ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE));
  }

  private double count(String name, Tags tags) {
    return registry.get(name).tags(tags).counter().count();
  }

  private long timerCount(String name, Tags tags) {
    return registry.get(name).tags(tags).timer().count();
  }

  @Test
  void countsAcquisitionsWaitsAndHoldTimesPerSpec() {
    for (int i = 0; i < 3; i++) {
      try (Lease lease = locks.acquire(newPaymentKey())) {
        lease.checkHeld();
      }
    }
    locks.acquire(SampleKey.orderState("n-" + ThreadLocalRandom.current().nextLong())).release();

    assertThat(count(MicrometerLockListener.ACQUISITIONS, PAYMENT_CAPTURE.and("outcome", "acquired"))).isEqualTo(3);
    assertThat(timerCount(MicrometerLockListener.WAIT, PAYMENT_CAPTURE.and("outcome", "acquired"))).isEqualTo(3);
    assertThat(timerCount(MicrometerLockListener.HELD, PAYMENT_CAPTURE)).isEqualTo(3);
    Tags orderState = Tags.of("spec", "OrderState", "domain", "order", "action", "state", "version", "2");
    assertThat(count(MicrometerLockListener.ACQUISITIONS, orderState.and("outcome", "acquired"))).isEqualTo(1);
    assertThat(count(MicrometerLockListener.ACQUISITIONS, PAYMENT_CAPTURE.and("outcome", "contended"))).isZero();
    assertThat(registry.find(MicrometerLockListener.ACQUISITIONS).counters()).hasSize(8); // 4 outcomes, 2 specs
  }

  @Test
  void countsContentionAndTimeoutsAndTheHotKeySamplerSeesTheSameContentions() {
    SampleKey key = newPaymentKey();
    try (Lease held = otherServer.acquire(key)) {
      assertThat(locks.tryAcquire(key)).isEmpty();
      assertThatThrownBy(() -> locks.acquire(key, LockOptions.builder().waitTime(Duration.ofMillis(200)).build()))
          .isInstanceOf(LockTimeoutException.class);
      held.checkHeld();
    }

    double contended = count(MicrometerLockListener.ACQUISITIONS, PAYMENT_CAPTURE.and("outcome", "contended"));
    assertThat(contended).isGreaterThanOrEqualTo(2);
    assertThat(count(MicrometerLockListener.ACQUISITIONS, PAYMENT_CAPTURE.and("outcome", "timed_out"))).isEqualTo(1);
    assertThat(timerCount(MicrometerLockListener.WAIT, PAYMENT_CAPTURE.and("outcome", "timed_out"))).isEqualTo(1);
    assertThat(count(MicrometerLockListener.ACQUISITIONS, PAYMENT_CAPTURE.and("outcome", "acquired"))).isZero();
    List<HotKey> top = hotKeys.top(1);
    assertThat(top).singleElement().satisfies(hot -> {
      assertThat(hot.body()).isEqualTo(key.canonical());
      assertThat(hot.contentions()).isEqualTo((long) contended);
    });
  }

  @Test
  void countsRenewalsAndLostLeases() {
    Lease lease = locks.acquire(newPaymentKey(), NO_RENEWAL);
    assertThat(lease.extend(Duration.ofSeconds(30))).isTrue();
    redis.del(lease.fullKey()); // the lock vanishes, as after a Redis failover

    assertThat(lease.extend(Duration.ofSeconds(30))).isFalse();

    assertThat(count(MicrometerLockListener.RENEWALS, PAYMENT_CAPTURE)).isEqualTo(1);
    assertThat(count(MicrometerLockListener.LEASES_LOST, PAYMENT_CAPTURE)).isEqualTo(1);
    assertThat(timerCount(MicrometerLockListener.HELD, PAYMENT_CAPTURE)).isZero();
  }

  @Test
  void countsSharedFlightsAndRateLimitDenials() {
    SingleFlight flights = RedisSingleFlight.create(JedisConnection.of(redis), locks);
    FlightOptions<String> text = FlightOptions.builder(ResultCodec.utf8()).build();
    SampleKey flightKey = newPaymentKey();
    RateLimiter limiter = RedisRateLimiter.create(JedisConnection.of(redis), KEYSPACE, metrics);
    RateLimit onePerMinute = RateLimit.smooth(1, Duration.ofMinutes(1), 1);
    SampleKey limitedKey = newPaymentKey();

    assertThat(flights.run(flightKey, text, lease -> "computed")).isEqualTo("computed");
    assertThat(flights.run(flightKey, text, lease -> "computed again")).isEqualTo("computed");
    assertThat(limiter.tryAcquire(limitedKey, onePerMinute).allowed()).isTrue();
    assertThat(limiter.tryAcquire(limitedKey, onePerMinute).allowed()).isFalse();
    assertThat(limiter.tryAcquire(limitedKey, onePerMinute).allowed()).isFalse();

    assertThat(count(MicrometerLockListener.FLIGHTS_SHARED, PAYMENT_CAPTURE)).isEqualTo(1);
    assertThat(count(MicrometerLockListener.RATE_LIMITED, PAYMENT_CAPTURE)).isEqualTo(2);
    assertThat(count(MicrometerLockListener.ACQUISITIONS, PAYMENT_CAPTURE.and("outcome", "acquired"))).isEqualTo(1);
    redis.del(KEYSPACE.fullKey(SingleFlight.RESULT_PURPOSE, flightKey));
  }

  @Test
  void countsErrorsWhenRedisIsDown() {
    try (RedisFixture own = RedisFixture.start()) {
      assumeTrue(own.ownsServer(), "REDIS_URL is set: this test must stop a server it owns");
      Duration timeout = Duration.ofMillis(500);
      try (RedisClient client = own.newClient(timeout, timeout);
          RedisLockExecutor failing = RedisLockExecutor.builder(JedisConnection.of(client), KEYSPACE).listener(metrics).build()) {
        own.stop();

        assertThatThrownBy(() -> failing.tryAcquire(newPaymentKey())).isInstanceOf(RedisUnavailableException.class);
      }
    }

    assertThat(count(MicrometerLockListener.ACQUISITIONS, PAYMENT_CAPTURE.and("outcome", "error"))).isEqualTo(1);
    assertThat(count(MicrometerLockListener.ACQUISITIONS, PAYMENT_CAPTURE.and("outcome", "acquired"))).isZero();
  }

  @Test
  void registersTheMetersOfASpecOnceForAllItsKeys() {
    SpecDescriptor spec = TestSpecs.PAYMENT_CAPTURE;
    for (int i = 0; i < 50; i++) {
      metrics.onContended(new SampleKey(spec, TestSpecs.paymentCapture("tenant-" + i, i)));
    }

    assertThat(registry.getMeters()).hasSize(11);
    assertThat(count(MicrometerLockListener.ACQUISITIONS, PAYMENT_CAPTURE.and("outcome", "contended"))).isEqualTo(50);
  }
}
