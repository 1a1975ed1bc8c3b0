package dev.lockkey.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.codec.ResultCodec;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Defaults, validation in {@code build()}, and copies of {@link IdempotencyOptions}. */
class IdempotencyOptionsTest {
  private static final IdempotencyOptions<String> DEFAULTS = IdempotencyOptions.builder(ResultCodec.utf8()).build();

  @Test
  void defaultsReplayForADayAndWaitForTheFirstCall() {
    assertThat(DEFAULTS.expiry()).isEqualTo(Duration.ofHours(24));
    assertThat(DEFAULTS.lease()).isEqualTo(Duration.ofSeconds(30));
    assertThat(DEFAULTS.renewal()).isTrue();
    assertThat(DEFAULTS.inProgress()).isEqualTo(IdempotencyOptions.InProgress.WAIT);
    assertThat(DEFAULTS.waitTime()).isEqualTo(Duration.ofSeconds(30));
    assertThat(DEFAULTS.finalFailure().test(new IllegalStateException())).isFalse();
    assertThat(DEFAULTS).hasToString("IdempotencyOptions[ResultCodec.utf8(), expiry=86400 s, lease=30 s renewed, WAIT 30 s]");
  }

  @Test
  void durationsOutOfRangeAreRefusedByName() {
    assertThatThrownBy(() -> DEFAULTS.toBuilder().expiry(Duration.ZERO).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("expiry must be at least 1 ms");
    assertThatThrownBy(() -> DEFAULTS.toBuilder().expiry(Duration.ofDays(40_000)).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("expiry must be at most");
    assertThatThrownBy(() -> DEFAULTS.toBuilder().lease(Duration.ofMillis(10)).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessage("lease must be at least 30 ms, was 10 ms");
    assertThatThrownBy(() -> DEFAULTS.toBuilder().waitTime(Duration.ofMillis(-1)).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("waitTime must be at least 1 ms");
  }

  @Test
  void aCopyChangesOnlyWhatItSays() {
    IdempotencyOptions<String> oneHour = DEFAULTS.withExpiry(Duration.ofHours(1));
    IdempotencyOptions<String> failFast = DEFAULTS.toBuilder().inProgress(IdempotencyOptions.InProgress.FAIL)
        .finalFailure(e -> e instanceof IllegalArgumentException).build();

    assertThat(oneHour.expiry()).isEqualTo(Duration.ofHours(1));
    assertThat(oneHour.lease()).isEqualTo(DEFAULTS.lease());
    assertThat(DEFAULTS.expiry()).isEqualTo(Duration.ofHours(24));
    assertThat(failFast).hasToString(
        "IdempotencyOptions[ResultCodec.utf8(), expiry=86400 s, lease=30 s renewed, FAIL, finalFailure]");
    assertThat(failFast.finalFailure().test(new IllegalArgumentException())).isTrue();
  }
}
