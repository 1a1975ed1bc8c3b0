package dev.lockkey.redis.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Concurrently;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.ratelimit.RateDecision;
import dev.lockkey.ratelimit.RateLimit;
import dev.lockkey.ratelimit.RateLimiter;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.UnifiedJedis;

/**
 * Issue 27: a limit that Redis reported used up is denied without a command until Redis could
 * admit again, and the local denials never let more than the limit through. On a Redis server of
 * its own, so that its command counts (INFO commandstats) are this test's alone.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LocalDenialTest {
  private static final Keyspace KEYSPACE = Keyspace.of("test");
  private static final Duration HOUR = Duration.ofHours(1);

  private final RedisFixture server = RedisFixture.startLocal();
  private final UnifiedJedis redis = server.newClient();
  private final UnifiedJedis otherClient = server.newClient();

  @AfterEach
  void stop() {
    redis.close();
    otherClient.close();
    server.close();
  }

  @Test
  void aFullFixedWindowIsDeniedWithoutACommandUntilItEnds() {
    RedisRateLimiter limiter = RedisRateLimiter.create(JedisConnection.of(redis), KEYSPACE);
    SampleKey key = SampleKey.unique();
    RateLimit limit = RateLimit.perWindow(3, HOUR);
    for (int i = 0; i < 3; i++) {
      assertThat(limiter.tryAcquire(key, limit).allowed()).isTrue();
    }
    long pttlBefore = redis.pttl(KEYSPACE.fullKey("rate", key));

    long commandsBefore = commands();
    List<RateDecision> denials = IntStream.range(0, 1000).mapToObj(i -> limiter.tryAcquire(key, limit)).toList();
    long commandsAfter = commands();

    assertThat(commandsAfter).as("commands (besides INFO) during 1000 denials").isEqualTo(commandsBefore);
    assertThat(denials).allSatisfy(denial -> {
      assertThat(denial.allowed()).isFalse();
      assertThat(denial.remaining()).isZero();
      assertThat(denial.retryAfter()).isEqualTo(denial.resetAfter())
          .isPositive().isLessThanOrEqualTo(Duration.ofMillis(pttlBefore + 1)); // PTTL truncates to ms
    });
    assertThat(redis.get(KEYSPACE.fullKey("rate", key))).isEqualTo("3");
  }

  @Test
  void aCallForFewerPermitsThanRemainGoesToRedis() {
    RedisRateLimiter limiter = RedisRateLimiter.create(JedisConnection.of(redis), KEYSPACE);
    SampleKey key = SampleKey.unique();
    RateLimit limit = RateLimit.perWindow(5, HOUR);
    limiter.tryAcquire(key, limit, 3);
    assertThat(limiter.tryAcquire(key, limit, 3).allowed()).as("3 of the 2 left").isFalse();

    long commandsBefore = commands();
    RateDecision threeAgain = limiter.tryAcquire(key, limit, 3);
    long afterLocal = commands();
    RateDecision two = limiter.tryAcquire(key, limit, 2);

    assertThat(afterLocal).as("3 of at most 2 left: denied locally").isEqualTo(commandsBefore);
    assertThat(threeAgain.allowed()).isFalse();
    assertThat(threeAgain.remaining()).isEqualTo(2);
    assertThat(two.allowed()).isTrue();
    assertThat(commands()).isGreaterThan(afterLocal);
  }

  @Test
  void aSmoothLimitIsDeniedWithoutACommandUntilTheRetryAfterRedisReported() {
    RedisRateLimiter limiter = RedisRateLimiter.create(JedisConnection.of(redis), KEYSPACE);
    SampleKey key = SampleKey.unique();
    RateLimit limit = RateLimit.smooth(1, HOUR, 2);
    assertThat(limiter.tryAcquire(key, limit).allowed()).isTrue();
    assertThat(limiter.tryAcquire(key, limit).allowed()).isTrue();
    RateDecision fromRedis = limiter.withoutLocalDenials().tryAcquire(key, limit);

    long commandsBefore = commands();
    List<RateDecision> denials = IntStream.range(0, 1000).mapToObj(i -> limiter.tryAcquire(key, limit, 1)).toList();
    RateDecision two = limiter.tryAcquire(key, limit, 2);

    assertThat(commands()).isEqualTo(commandsBefore);
    assertThat(fromRedis.allowed()).isFalse();
    assertThat(denials).allSatisfy(denial -> {
      assertThat(denial.allowed()).isFalse();
      assertThat(denial.remaining()).isZero();
      assertThat(denial.retryAfter()).isPositive().isLessThanOrEqualTo(fromRedis.retryAfter());
      assertThat(denial.resetAfter()).isLessThanOrEqualTo(fromRedis.resetAfter());
    });
    assertThat(two.retryAfter()).as("two permits: one interval later").isGreaterThan(HOUR);
  }

  @Test
  void withoutLocalDenialsEveryCallAsksRedis() {
    RedisRateLimiter limiter = RedisRateLimiter.create(JedisConnection.of(redis), KEYSPACE).withoutLocalDenials();
    SampleKey key = SampleKey.unique();
    RateLimit limit = RateLimit.perWindow(1, HOUR);
    limiter.tryAcquire(key, limit);

    long scriptsBefore = scripts();
    for (int i = 0; i < 10; i++) {
      assertThat(limiter.tryAcquire(key, limit).allowed()).isFalse();
    }

    assertThat(scripts() - scriptsBefore).isEqualTo(10);
  }

  /**
   * Many threads on two limiters (two application servers) over a key per window of the key's
   * {@code @Window} field: the test moves on to the next window's key every 20 ms and counts the
   * admissions per key itself.
   */
  @Test
  void manyThreadsNeverGetMoreThanTheLimitInAnyWindowCountedOutsideTheLimiter() throws Exception {
    List<RateLimiter> limiters = List.of(RedisRateLimiter.create(JedisConnection.of(redis), KEYSPACE), RedisRateLimiter.create(JedisConnection.of(otherClient), KEYSPACE));
    RateLimit limit = RateLimit.perKeyWindow(7);
    String user = "u" + System.nanoTime();
    Map<Long, AtomicLong> admittedPerWindow = new ConcurrentHashMap<>();
    LongAdder calls = new LongAdder();
    long start = System.nanoTime();
    long scriptsBefore = scripts();

    Concurrently.run(16, thread -> () -> {
      RateLimiter limiter = limiters.get(thread % 2);
      for (long elapsed = 0; elapsed < 1_000_000_000L; elapsed = System.nanoTime() - start) {
        long window = elapsed / 20_000_000L;
        SampleKey key = SampleKey.perWindow(user, Instant.EPOCH.plus(Duration.ofMinutes(window)), Duration.ofMinutes(1));
        calls.increment();
        if (limiter.tryAcquire(key, limit).allowed()) {
          admittedPerWindow.computeIfAbsent(window, w -> new AtomicLong()).incrementAndGet();
        }
      }
      return null;
    });
    long scripts = scripts() - scriptsBefore;

    assertThat(admittedPerWindow).isNotEmpty();
    admittedPerWindow.forEach((window, admitted) -> {
      SampleKey key = SampleKey.perWindow(user, Instant.EPOCH.plus(Duration.ofMinutes(window)), Duration.ofMinutes(1));
      assertThat(admitted.get()).as("admitted in window " + window).isLessThanOrEqualTo(7)
          .isEqualTo(Long.parseLong(redis.get(KEYSPACE.fullKey("rate", key))));
    });
    assertThat(scripts).as("scripts run for " + calls.sum() + " calls").isLessThan(calls.sum());
  }

  @Test
  void theRememberedLimitsAreBoundedAndForgottenOnceFree() throws Exception {
    LocalDenials denials = new LocalDenials(2);
    RateLimit limit = RateLimit.perWindow(1, HOUR);
    RateDecision usedUpForAnHour = new RateDecision(false, 0, HOUR, HOUR);
    RateDecision usedUpForAMoment = new RateDecision(false, 0, Duration.ofMillis(1), Duration.ofMillis(1));
    SampleKey first = SampleKey.unique();
    SampleKey second = SampleKey.unique();
    SampleKey third = SampleKey.unique();

    denials.learn(limit, first, usedUpForAnHour, System.nanoTime());
    denials.learn(limit, second, usedUpForAMoment, System.nanoTime());
    denials.learn(limit, third, usedUpForAnHour, System.nanoTime());
    assertThat(denials.size()).isEqualTo(2);
    assertThat(denials.denial(limit, third, 1)).as("no room: Redis decides").isNull();
    Thread.sleep(30);
    denials.learn(limit, third, usedUpForAnHour, System.nanoTime());

    assertThat(denials.size()).as("the expired entry swept").isEqualTo(2);
    assertThat(denials.denial(limit, first, 1)).isNotNull();
    assertThat(denials.denial(limit, second, 1)).isNull();
    assertThat(denials.denial(limit, third, 1)).isNotNull();
    assertThat(denials.denial(RateLimit.perWindow(2, HOUR), third, 1)).as("another limit of the same purpose").isNull();
  }

  /** All commands the server ran, except INFO (which this test sends). */
  private long commands() {
    return calls(name -> !name.equals("info"));
  }

  /** The scripts the server ran. */
  private long scripts() {
    return calls(name -> name.equals("evalsha") || name.equals("eval"));
  }

  private long calls(Predicate<String> commands) {
    long total = 0;
    for (String line : redis.info("commandstats").split("\r?\n")) {
      if (line.startsWith("cmdstat_") && commands.test(line.substring(8, line.indexOf(':')))) {
        int calls = line.indexOf("calls=");
        total += Long.parseLong(line.substring(calls + 6, line.indexOf(',', calls)));
      }
    }
    return total;
  }
}
