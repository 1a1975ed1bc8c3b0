package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.flight.FlightOptions;
import dev.lockkey.flight.SingleFlight;
import dev.lockkey.ratelimit.RateLimit;
import dev.lockkey.ratelimit.RateLimiter;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.dedupe.Deduplicator;
import dev.lockkey.redis.flight.RedisSingleFlight;
import dev.lockkey.redis.ratelimit.RedisRateLimiter;
import dev.lockkey.testing.RedisClusterFixture;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.UnifiedJedis;

/**
 * Dedupe, rate limits and single flight once each, with Jedis 6.0 (RESP2) on the class path, on a
 * single server and a cluster: their replies decode differently from Jedis 8's RESP3. (A version
 * rollout is a multi-key lock: the contract covers it.)
 */
class Jedis6PurposesTest {
  private static final AtomicInteger ENVIRONMENTS = new AtomicInteger();

  static Stream<Arguments> servers() {
    Supplier<UnifiedJedis> single = () -> RedisFixture.shared().newUnifiedJedis();
    Supplier<UnifiedJedis> cluster = () -> RedisClusterFixture.shared().newUnifiedJedis();
    return Stream.of(Arguments.of("single server", single), Arguments.of("cluster", cluster));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("servers")
  void everyPurposeDecidesAsOnJedisEight(String topology, Supplier<UnifiedJedis> newClient) {
    Keyspace keyspace = Keyspace.of("purposes" + ENVIRONMENTS.incrementAndGet());
    try (UnifiedJedis jedis = newClient.get(); RedisLockExecutor locks = RedisLockExecutor.create(JedisConnection.of(jedis), keyspace)) {
      Deduplicator dedupe = Deduplicator.create(JedisConnection.of(jedis), keyspace);
      assertThat(dedupe.firstSeen(TestKey.of("mail", 1), Duration.ofMinutes(1))).isTrue();
      assertThat(dedupe.firstSeen(TestKey.of("mail", 1), Duration.ofMinutes(1))).isFalse();

      RateLimiter limiter = RedisRateLimiter.create(JedisConnection.of(jedis), keyspace);
      RateLimit fivePerMinute = RateLimit.perWindow(5, Duration.ofMinutes(1));
      for (int i = 0; i < 5; i++) {
        assertThat(limiter.tryAcquire(TestKey.of("login", "u1"), fivePerMinute).allowed()).isTrue();
      }
      assertThat(limiter.tryAcquire(TestKey.of("login", "u1"), fivePerMinute).allowed()).as("the sixth").isFalse();
      assertThat(limiter.tryAcquire(TestKey.of("login", "u2"), RateLimit.smooth(1, Duration.ofMinutes(1), 1)).allowed())
          .isTrue();
      assertThat(limiter.tryAcquire(TestKey.of("login", "u2"), RateLimit.smooth(1, Duration.ofMinutes(1), 1)).allowed())
          .isFalse();

      SingleFlight flights = RedisSingleFlight.create(JedisConnection.of(jedis), locks);
      FlightOptions<String> options = FlightOptions.builder(ResultCodec.utf8()).build();
      AtomicInteger computed = new AtomicInteger();
      for (int i = 0; i < 3; i++) {
        assertThat(flights.run(TestKey.of("summary", 7), options, lease -> "sum-" + computed.incrementAndGet()))
            .isEqualTo("sum-1");
      }
    }
  }
}
