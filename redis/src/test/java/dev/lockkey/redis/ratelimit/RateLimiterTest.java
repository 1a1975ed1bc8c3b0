package dev.lockkey.redis.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.lock.Concurrently;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.ratelimit.RateDecision;
import dev.lockkey.ratelimit.RateLimit;
import dev.lockkey.ratelimit.RateLimiter;
import dev.lockkey.redis.RedisAwait;
import dev.lockkey.redis.RedisTime;
import dev.lockkey.redis.Servers;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.UnifiedJedis;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RateLimiterTest {
  private static final Keyspace KEYSPACE = Servers.KEYSPACE;
  private static final Duration HOUR = Duration.ofHours(1);

  private final Servers servers = newServers();
  private final UnifiedJedis redis = servers.client(0);

  /** The servers of these tests: on Jedis here, on another client's port in a subclass. */
  Servers newServers() {
    return Servers.onSingleNode(2);
  }

  @AfterEach
  void stopServers() {
    servers.close();
  }

  @Test
  void aFixedWindowAdmitsExactlyItsLimitToConcurrentCallers() throws Exception {
    List<RateLimiter> limiters = servers.each((client, executor) -> RedisRateLimiter.create(client, KEYSPACE));
    SampleKey key = SampleKey.unique();
    RateLimit limit = RateLimit.perWindow(25, HOUR);

    List<List<RateDecision>> decisions = Concurrently.run(16, i -> () -> {
      RateLimiter limiter = limiters.get(i % 2);
      return java.util.stream.IntStream.range(0, 10).mapToObj(call -> limiter.tryAcquire(key, limit)).toList();
    });

    List<RateDecision> admitted = decisions.stream().flatMap(List::stream).filter(RateDecision::allowed).toList();
    assertThat(admitted).hasSize(25);
    assertThat(admitted).extracting(RateDecision::remaining).doesNotHaveDuplicates().allMatch(r -> r >= 0 && r < 25);
    assertThat(decisions.stream().flatMap(List::stream).filter(d -> !d.allowed()))
        .hasSize(16 * 10 - 25)
        .allMatch(d -> d.remaining() == 0 && d.retryAfter().compareTo(Duration.ZERO) > 0);
    assertThat(redis.get(KEYSPACE.fullKey("rate", key))).as("denials count nothing").isEqualTo("25");
  }

  @Test
  void aFixedWindowNeverAdmitsMoreThanItsLimitPerWindowOverManyWindows() throws Exception {
    List<RateLimiter> limiters = servers.each((client, executor) -> RedisRateLimiter.create(client, KEYSPACE));
    SampleKey key = SampleKey.unique();
    String fullKey = KEYSPACE.fullKey("rate", key);
    Duration window = Duration.ofMillis(100);
    RateLimit limit = RateLimit.perWindow(5, window);

    long startMicros = RedisTime.micros(redis, fullKey);
    List<long[]> perThread = Concurrently.run(8, i -> () -> {
      RateLimiter limiter = limiters.get(i % 2);
      long admitted = 0;
      long windowsOpened = 0;
      for (int call = 0; call < 400; call++) {
        RateDecision decision = limiter.tryAcquire(key, limit);
        if (decision.allowed()) {
          admitted++;
          if (decision.remaining() == 4) {
            windowsOpened++; // the window's first admitted call
          }
        }
      }
      return new long[] {admitted, windowsOpened};
    });
    long elapsedMicros = RedisTime.micros(redis, fullKey) - startMicros;

    long admitted = perThread.stream().mapToLong(counts -> counts[0]).sum();
    long windowsOpened = perThread.stream().mapToLong(counts -> counts[1]).sum();
    // windows follow each other without overlap, each opened by an admitted call within the run
    long mostWindows = elapsedMicros / (window.toNanos() / 1000) + 1;
    assertThat(windowsOpened).isBetween(1L, mostWindows);
    assertThat(admitted).isLessThanOrEqualTo(5 * windowsOpened).isGreaterThanOrEqualTo(5);
  }

  @Test
  void aKeyWindowLimitCountsPerWindowOfTheKeysWindowField() throws Exception {
    RateLimiter limiter = RedisRateLimiter.create(servers.connection(0), KEYSPACE);
    Duration minute = Duration.ofMinutes(1);
    String user = "u" + System.nanoTime();
    Instant at = Instant.parse("2026-04-21T10:35:12Z");
    SampleKey thisMinute = SampleKey.perWindow(user, at, minute);
    SampleKey nextMinute = SampleKey.perWindow(user, at.plus(minute), minute);
    RateLimit limit = RateLimit.perKeyWindow(5);

    List<Boolean> allowed = Concurrently.run(12, i -> () -> limiter.tryAcquire(thisMinute, limit).allowed());

    assertThat(allowed).filteredOn(Boolean::booleanValue).hasSize(5);
    assertThat(thisMinute.canonical()).endsWith(":20260421T103500Z");
    assertThat(redis.pttl(KEYSPACE.fullKey("rate", thisMinute))).isBetween(1L, minute.toMillis());
    assertThat(limiter.tryAcquire(nextMinute, limit).remaining()).as("the next minute is a key of its own").isEqualTo(4);
  }

  @Test
  void aFixedWindowReportsRemainingPermitsAndWhenTheWindowEnds() {
    RateLimiter limiter = RedisRateLimiter.create(servers.connection(0), KEYSPACE);
    SampleKey key = SampleKey.unique();
    RateLimit limit = RateLimit.perWindow(5, HOUR);

    RateDecision first = limiter.tryAcquire(key, limit, 3);
    RateDecision tooMany = limiter.tryAcquire(key, limit, 3);
    RateDecision rest = limiter.tryAcquire(key, limit, 2);
    RateDecision denied = limiter.tryAcquire(key, limit);

    assertThat(first).isEqualTo(new RateDecision(true, 2, Duration.ZERO, HOUR));
    assertThat(tooMany.allowed()).isFalse();
    assertThat(tooMany.remaining()).isEqualTo(2);
    assertThat(rest.allowed()).isTrue();
    assertThat(rest.remaining()).isZero();
    assertThat(denied.allowed()).isFalse();
    assertThat(denied.retryAfter()).isEqualTo(denied.resetAfter()).isBetween(HOUR.minusMinutes(1), HOUR);
  }

  @Test
  void aSmoothLimitAdmitsItsBurstThenOnePermitPerInterval() {
    RateLimiter limiter = RedisRateLimiter.create(servers.connection(0), KEYSPACE);
    SampleKey key = SampleKey.unique();
    RateLimit limit = RateLimit.smooth(1, HOUR, 3);

    List<RateDecision> burst = List.of(limiter.tryAcquire(key, limit), limiter.tryAcquire(key, limit), limiter.tryAcquire(key, limit));
    RateDecision denied = limiter.tryAcquire(key, limit);

    assertThat(burst).allMatch(RateDecision::allowed).extracting(RateDecision::remaining).containsExactly(2L, 1L, 0L);
    assertThat(burst.get(0).resetAfter()).isEqualTo(HOUR);
    assertThat(denied.allowed()).isFalse();
    assertThat(denied.remaining()).isZero();
    assertThat(denied.retryAfter()).isBetween(HOUR.minusMinutes(1), HOUR);
    assertThat(denied.resetAfter()).isBetween(HOUR.multipliedBy(3).minusMinutes(1), HOUR.multipliedBy(3));
    assertThat(redis.pttl(KEYSPACE.fullKey("gcra", key))).isBetween(HOUR.multipliedBy(2).toMillis(), HOUR.multipliedBy(3).toMillis());
  }

  @Test
  void aSmoothLimitNeverAdmitsMoreThanItsBurstPlusItsRateUnderConcurrency() throws Exception {
    List<RateLimiter> limiters = servers.each((client, executor) -> RedisRateLimiter.create(client, KEYSPACE));
    SampleKey key = SampleKey.unique();
    RateLimit limit = RateLimit.smooth(20, Duration.ofSeconds(1), 5);

    long startMicros = RedisTime.micros(redis, KEYSPACE.fullKey("gcra", key));
    List<Long> admitted = Concurrently.run(8, i -> () -> {
      long count = 0;
      for (int call = 0; call < 300; call++) {
        count += limiters.get(i % 2).tryAcquire(key, limit).allowed() ? 1 : 0;
      }
      return count;
    });
    long elapsedMicros = RedisTime.micros(redis, KEYSPACE.fullKey("gcra", key)) - startMicros;

    long total = admitted.stream().mapToLong(Long::longValue).sum();
    assertThat(total).isGreaterThanOrEqualTo(5).isLessThanOrEqualTo(5 + 20 * elapsedMicros / 1_000_000 + 1);
  }

  @Test
  void aBurstAcrossAWindowEdgeDoublesAFixedWindowButNotASmoothLimit() throws Exception {
    RateLimiter limiter = RedisRateLimiter.create(servers.connection(0), KEYSPACE);
    SampleKey key = SampleKey.unique();
    String fixedKey = KEYSPACE.fullKey("rate", key);
    Duration second = Duration.ofSeconds(1);
    RateLimit fixed = RateLimit.perWindow(10, second);
    RateLimit smooth = RateLimit.smooth(10, second, 3);

    // a quiet call opens the fixed window; the bursts come at its end and right after it
    limiter.tryAcquire(key, fixed);
    limiter.tryAcquire(key, smooth);
    Thread.sleep(Math.max(0, redis.pttl(fixedKey) - 200));
    long burstStart = RedisTime.micros(redis, fixedKey);
    long fixedAdmitted = burst(limiter, key, fixed);
    long smoothAdmitted = burst(limiter, key, smooth);
    RedisAwait.until("the fixed window ended", Duration.ofSeconds(5), () -> !redis.exists(fixedKey));
    fixedAdmitted += burst(limiter, key, fixed);
    smoothAdmitted += burst(limiter, key, smooth);
    long spanMicros = RedisTime.micros(redis, fixedKey) - burstStart;

    // the rest of the first window and a whole new one (more when a burst straddled the edge)
    assertThat(fixedAdmitted).isGreaterThanOrEqualTo(9 + 10);
    assertThat(smoothAdmitted).isLessThanOrEqualTo(3 + 10 * spanMicros / 1_000_000 + 1);
  }

  private static long burst(RateLimiter limiter, SampleKey key, RateLimit limit) {
    long admitted = 0;
    for (int call = 0; call < 20; call++) {
      admitted += limiter.tryAcquire(key, limit).allowed() ? 1 : 0;
    }
    return admitted;
  }

  @Test
  void limitsWithDifferentPurposesCountTheSameKeyApart() {
    RateLimiter limiter = RedisRateLimiter.create(servers.connection(0), KEYSPACE);
    SampleKey key = SampleKey.unique();
    RateLimit perMinute = RateLimit.perWindow(1, Duration.ofMinutes(1));
    RateLimit perDay = RateLimit.perWindow(3, Duration.ofDays(1)).withPurpose("rate-day");
    RateLimit smooth = RateLimit.smooth(1, HOUR, 1);

    assertThat(limiter.tryAcquire(key, perMinute).allowed()).isTrue();
    assertThat(limiter.tryAcquire(key, perDay).remaining()).isEqualTo(2);
    assertThat(limiter.tryAcquire(key, smooth).allowed()).isTrue();
    assertThat(limiter.tryAcquire(key, perMinute).allowed()).isFalse();
    assertThat(redis.exists(KEYSPACE.fullKey("rate-day", key))).isTrue();
    assertThat(redis.exists(KEYSPACE.fullKey("gcra", key))).isTrue();
  }

  @Test
  void rejectsLimitsThatDoNotFitTheKeyOrThePermitsAskedFor() {
    RateLimiter limiter = RedisRateLimiter.create(servers.connection(0), KEYSPACE);
    SampleKey plain = SampleKey.unique();
    SampleKey windowed = SampleKey.perWindow("u1", Instant.EPOCH, Duration.ofMinutes(1));

    assertThatThrownBy(() -> limiter.tryAcquire(plain, RateLimit.perKeyWindow(5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("exactly one @Window field; SampleItemV1 has 0");
    assertThatThrownBy(() -> limiter.tryAcquire(windowed, RateLimit.smooth(5, HOUR, 5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("without @Window field");
    assertThatThrownBy(() -> limiter.tryAcquire(plain, RateLimit.perWindow(5, HOUR), 6))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("permits must be from 1 to 5");
    assertThatThrownBy(() -> limiter.tryAcquire(plain, RateLimit.smooth(5, HOUR, 2), 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(redis.exists(KEYSPACE.fullKey("rate", plain))).isFalse();
  }

  @Test
  void rejectsInvalidDefinitions() {
    assertThatThrownBy(() -> RateLimit.perWindow(0, HOUR)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RateLimit.perWindow(1, Duration.ofNanos(10))).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RateLimit.perKeyWindow(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RateLimit.smooth(0, HOUR, 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RateLimit.smooth(1, HOUR, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RateLimit.smooth(2_000_000, Duration.ofSeconds(1), 1))
        .hasMessageContaining("more than one permit per microsecond");
    assertThatThrownBy(() -> RateLimit.perWindow(1, HOUR).withPurpose("Rate:day"))
        .hasMessageContaining("is not a key word");
    assertThat(RateLimit.smooth(10, Duration.ofSeconds(1), 5)).isEqualTo(RateLimit.smooth(10, Duration.ofSeconds(1), 5));
    assertThat(RateLimit.perWindow(5, HOUR).withPurpose("rate-h").purpose()).isEqualTo("rate-h");
    assertThat(RateLimit.perKeyWindow(5).window()).isEmpty();
  }
}
