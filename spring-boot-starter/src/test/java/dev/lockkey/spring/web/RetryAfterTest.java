package dev.lockkey.spring.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code Retry-After} is whole seconds, rounded up, and at least one. */
class RetryAfterTest {

  @Test
  void aFractionOfASecondCountsAsAWholeOne() {
    assertThat(LockKeyProblemDetails.retryAfterSeconds(Duration.ofMillis(1))).isEqualTo(1);
    assertThat(LockKeyProblemDetails.retryAfterSeconds(Duration.ofMillis(2001))).isEqualTo(3);
    assertThat(LockKeyProblemDetails.retryAfterSeconds(Duration.ofNanos(59_000_000_001L))).isEqualTo(60);
  }

  @Test
  void wholeSecondsStayAsTheyAre() {
    assertThat(LockKeyProblemDetails.retryAfterSeconds(Duration.ofSeconds(2))).isEqualTo(2);
    assertThat(LockKeyProblemDetails.retryAfterSeconds(Duration.ofMinutes(1))).isEqualTo(60);
  }

  @Test
  void nothingLeftToWaitIsStillOneSecond() {
    assertThat(LockKeyProblemDetails.retryAfterSeconds(Duration.ZERO)).isEqualTo(1);
  }
}
