package dev.lockkey.redis.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.internal.OwnerTokens;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.ratelimit.FixedWindowLimit;
import dev.lockkey.ratelimit.RateDecision;
import dev.lockkey.ratelimit.RateLimit;
import dev.lockkey.ratelimit.SmoothLimit;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.UnifiedJedis;

/**
 * Issue 11, defect 1: a rate-limit attempt run twice with the same attempt id (a client's retry
 * after a timeout, when the node was only slow) counts once, and the ids kept are bounded.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RateLimitRetryTest {
  private static final Keyspace KEYSPACE = Keyspace.of("test");

  private final UnifiedJedis redis = RedisFixture.shared().newClient();
  private final RedisRateLimiter limiter = RedisRateLimiter.create(JedisConnection.of(redis), KEYSPACE);

  @AfterEach
  void close() {
    redis.close();
  }

  @Test
  void aFixedWindowAttemptRunTwiceCountsOnce() {
    SampleKey key = SampleKey.unique();
    FixedWindowLimit limit = RateLimit.perWindow(3, Duration.ofHours(1));
    String fullKey = KEYSPACE.fullKey(limit.purpose(), key);
    String attempt = OwnerTokens.next();

    RateDecision first = limiter.decide(limit, fullKey, key, 2, attempt);
    RateDecision retried = limiter.decide(limit, fullKey, key, 2, attempt);

    assertThat(first.allowed()).isTrue();
    assertThat(retried.allowed()).as("the same attempt, admitted before").isTrue();
    assertThat(retried.remaining()).isEqualTo(1);
    assertThat(redis.get(fullKey)).isEqualTo("2");
    assertThat(limiter.decide(limit, fullKey, key, 2, OwnerTokens.next()).allowed()).as("another attempt").isFalse();
    assertThat(redis.pttl(RedisRateLimiter.attemptsKey(fullKey))).as("the ids expire with the window")
        .isBetween(1L, Duration.ofHours(1).toMillis());
    assertThat(redis.scard(RedisRateLimiter.attemptsKey(fullKey))).isEqualTo(1);
  }

  @Test
  void aSmoothAttemptRunTwiceCountsOnce() {
    SampleKey key = SampleKey.unique();
    SmoothLimit limit = RateLimit.smooth(1, Duration.ofHours(1), 2);
    String fullKey = KEYSPACE.fullKey(limit.purpose(), key);
    String attempt = OwnerTokens.next();

    RateDecision first = limiter.decide(limit, fullKey, key, 1, attempt);
    RateDecision retried = limiter.decide(limit, fullKey, key, 1, attempt);

    assertThat(first.allowed()).isTrue();
    assertThat(retried.allowed()).isTrue();
    assertThat(retried.remaining()).as("one of the burst of two taken, once").isEqualTo(1);
    assertThat(limiter.decide(limit, fullKey, key, 1, OwnerTokens.next()).allowed()).as("the second permit").isTrue();
    assertThat(limiter.decide(limit, fullKey, key, 1, OwnerTokens.next()).allowed()).as("a third").isFalse();
  }

  @Test
  void aSmoothLimitKeepsTheIdsOfAShortToleranceForTwoSecondsOnly() throws Exception {
    SampleKey key = SampleKey.unique();
    SmoothLimit limit = RateLimit.smooth(1000, Duration.ofSeconds(1), 1);
    String fullKey = KEYSPACE.fullKey(limit.purpose(), key);

    for (int i = 0; i < 5; i++) {
      limiter.decide(limit, fullKey, key, 1, OwnerTokens.next());
      Thread.sleep(2);
    }

    assertThat(redis.zcard(RedisRateLimiter.attemptsKey(fullKey))).isBetween(1L, 5L);
    assertThat(redis.pttl(RedisRateLimiter.attemptsKey(fullKey))).isBetween(1L, 2000L);
  }
}
