package dev.lockkey.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;

class LockOptionsTest {

  @Test
  void defaultsAreTheDocumentedOnes() {
    LockOptions defaults = LockOptions.defaults();
    assertThat(defaults.leaseTime()).isEqualTo(Duration.ofSeconds(30));
    assertThat(defaults.waitTime()).isEqualTo(Duration.ofSeconds(10));
    assertThat(defaults.renewal()).isFalse();
    assertThat(defaults.fairness()).isEqualTo(Fairness.FIFO);
    assertThat(defaults).isEqualTo(LockOptions.builder().build());
    assertThat(defaults).hasToString("LockOptions[leaseTime=30 s, waitTime=10 s, renewal=false]");
  }

  @Test
  void theBuilderSetsEveryOptionAndCopiesBack() {
    LockOptions options = LockOptions.builder()
        .leaseTime(Duration.ofMillis(1500)).waitTime(Duration.ZERO).renewal(true).onLost(lease -> {}).build();
    assertThat(options.leaseTime()).isEqualTo(Duration.ofMillis(1500));
    assertThat(options.waitTime()).isZero();
    assertThat(options.renewal()).isTrue();
    assertThat(options.toBuilder().build()).isEqualTo(options).hasSameHashCodeAs(options);
    assertThat(options).hasToString("LockOptions[leaseTime=1500 ms, waitTime=0 ms, renewal=true, onLost]");
    LockOptions barging = options.toBuilder().fairness(Fairness.BARGING).build();
    assertThat(barging.fairness()).isEqualTo(Fairness.BARGING);
    assertThat(barging.toBuilder().build()).isEqualTo(barging).isNotEqualTo(options);
    assertThat(barging.toString()).endsWith(", onLost, fairness=BARGING]");
  }

  @Test
  void leaseTimesAreWholeMilliseconds() {
    assertThat(LockOptions.builder().leaseTime(Duration.ofNanos(2_500_000)).build().leaseTime())
        .isEqualTo(Duration.ofMillis(2));
  }

  @Test
  void buildRejectsWhatRedisCannotHonour() {
    assertThatThrownBy(() -> LockOptions.builder().leaseTime(Duration.ofNanos(999_999)).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("leaseTime must be at least 1 ms");
    assertThatThrownBy(() -> LockOptions.builder().leaseTime(Duration.ofMillis(29)).renewal(true).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("with renewal, leaseTime must be at least 30 ms");
    assertThatThrownBy(() -> LockOptions.builder().waitTime(Duration.ofMillis(-1)).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("waitTime must not be negative");
    assertThatThrownBy(() -> LockOptions.builder().leaseTime(null)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void thePurposeIsLockByDefaultAndAnyShortEnoughWord() {
    LockOptions flight = LockOptions.builder().purpose("flight").build();
    assertThat(LockOptions.defaults().purpose()).isEqualTo("lock");
    assertThat(flight.purpose()).isEqualTo("flight");
    assertThat(flight).isNotEqualTo(LockOptions.defaults()).isEqualTo(flight.toBuilder().build());
    assertThat(flight).hasToString("LockOptions[leaseTime=30 s, waitTime=10 s, renewal=false, purpose=flight]");
    assertThat(LockOptions.builder().purpose("p".repeat(54)).build().purpose()).hasSize(54);
    assertThatThrownBy(() -> LockOptions.builder().purpose("Flight"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not a key word");
    assertThatThrownBy(() -> LockOptions.builder().purpose("p".repeat(55)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("has at most 54 characters");
  }

  /** "Forever" idioms and durations beyond a long of nanoseconds (~292 years). */
  private static final List<Duration> FOREVERS = List.of(
      ChronoUnit.FOREVER.getDuration(), Duration.ofSeconds(Long.MAX_VALUE), Duration.ofDays(365L * 300));

  @Test
  void waitTimesBeyondTheMaximumAreClampedToIt() {
    for (Duration forever : FOREVERS) {
      LockOptions options = LockOptions.builder().waitTime(forever).build();
      assertThat(options.waitTime()).as("waitTime(%s)", forever).isEqualTo(LockOptions.MAX_WAIT_TIME);
      assertThat(options.waitTime().toNanos()).isPositive();
      assertThat(options.toString()).contains("waitTime=");
    }
    assertThat(LockOptions.builder().waitTime(LockOptions.MAX_WAIT_TIME).build().waitTime())
        .isEqualTo(LockOptions.MAX_WAIT_TIME);
  }

  @Test
  void leaseTimesBeyondTheMaximumAreRejectedNamingTheOption() {
    for (Duration forever : FOREVERS) {
      LockOptions.Builder builder = LockOptions.builder().leaseTime(forever);
      assertThatThrownBy(builder::build).as("leaseTime(%s)", forever)
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("leaseTime must be at most");
    }
    assertThatThrownBy(() -> LockOptions.builder().leaseTime(LockOptions.MAX_LEASE_TIME.plusMillis(1)).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("leaseTime must be at most");
    assertThatThrownBy(() -> LockOptions.builder().leaseTime(Duration.ofSeconds(Long.MIN_VALUE)).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("leaseTime must be at least 1 ms");
    LockOptions longest = LockOptions.builder().leaseTime(LockOptions.MAX_LEASE_TIME).renewal(true).build();
    assertThat(longest.leaseTime()).isEqualTo(LockOptions.MAX_LEASE_TIME);
    assertThat(longest.toString()).contains("leaseTime=");
  }
}
