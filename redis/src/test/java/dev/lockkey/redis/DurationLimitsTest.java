package dev.lockkey.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.codec.ResultCodec;
import dev.lockkey.flight.FlightOptions;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.SampleKey;
import dev.lockkey.ratelimit.RateLimit;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.dedupe.Deduplicator;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Every duration option of the purposes takes "forever" idioms without an {@link ArithmeticException}:
 * times to live above 100 years are rejected naming the option, lock wait times are clamped.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DurationLimitsTest {
  private static final List<Duration> FOREVERS = List.of(
      ChronoUnit.FOREVER.getDuration(), Duration.ofSeconds(Long.MAX_VALUE), Duration.ofDays(36_526));

  private final Servers servers = Servers.onSingleNode(1);

  @AfterAll
  void stopServers() {
    servers.close();
  }

  @Test
  void flightTimesToLiveBeyondTheMaximumAreRejectedNamingTheOption() {
    for (Duration forever : FOREVERS) {
      assertThatThrownBy(() -> FlightOptions.builder(ResultCodec.utf8()).resultTtl(forever).build())
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("resultTtl must be at most");
      assertThatThrownBy(() -> FlightOptions.builder(ResultCodec.utf8()).failureTtl(forever).build())
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("failureTtl must be at most");
      FlightOptions<String> waitingForever = FlightOptions.builder(ResultCodec.utf8())
          .lockOptions(LockOptions.builder().waitTime(forever).build()).build();
      assertThat(waitingForever.lockOptions().waitTime()).isEqualTo(LockOptions.MAX_WAIT_TIME);
      assertThat(waitingForever.toString()).contains("resultTtl=");
    }
    assertThat(FlightOptions.builder(ResultCodec.utf8()).resultTtl(Duration.ofDays(36_525)).build().resultTtl())
        .isEqualTo(Duration.ofDays(36_525));
  }

  @Test
  void rateLimitPeriodsBeyondTheMaximumAreRejectedNamingTheOption() {
    for (Duration forever : FOREVERS) {
      assertThatThrownBy(() -> RateLimit.perWindow(10, forever))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("window must be at most");
      assertThatThrownBy(() -> RateLimit.smooth(10, forever, 5))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("per must be at most");
    }
  }

  @Test
  void dedupeTimesToLiveBeyondTheMaximumAreRejectedNamingTheOption() {
    Deduplicator dedupe = Deduplicator.create(JedisConnection.of(servers.client(0)), Servers.KEYSPACE);
    for (Duration forever : FOREVERS) {
      assertThatThrownBy(() -> dedupe.firstSeen(SampleKey.unique(), forever))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ttl must be at most");
    }
    assertThat(dedupe.firstSeen(SampleKey.unique(), Duration.ofDays(36_525))).isTrue();
  }
}
