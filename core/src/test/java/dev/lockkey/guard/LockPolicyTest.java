package dev.lockkey.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.lock.LockOptions;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A method's lock policy changes only what its annotation sets of the executor's defaults. */
class LockPolicyTest {
  private static final LockOptions EXECUTOR_DEFAULTS = LockOptions.builder()
      .leaseTime(Duration.ofSeconds(20))
      .waitTime(Duration.ofSeconds(3))
      .renewal(true)
      .build();

  @Test
  void theDefaultPolicyKeepsTheExecutorsDefaults() {
    assertThat(LockPolicy.defaults().applyTo(EXECUTOR_DEFAULTS)).isEqualTo(EXECUTOR_DEFAULTS);
  }

  @Test
  void eachAttributeReplacesOnlyItsOwnDefault() {
    LockOptions options = LockPolicy.defaults().waitTime(Duration.ZERO).renewal(Renewal.OFF).applyTo(EXECUTOR_DEFAULTS);

    assertThat(options.leaseTime()).isEqualTo(Duration.ofSeconds(20));
    assertThat(options.waitTime()).isZero();
    assertThat(options.renewal()).isFalse();
  }

  @Test
  void anInvalidResultIsRejectedWithTheOptionsOwnMessage() {
    LockPolicy tooShort = LockPolicy.defaults().leaseTime(Duration.ofMillis(10));

    assertThatThrownBy(() -> tooShort.applyTo(EXECUTOR_DEFAULTS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("with renewal, leaseTime must be at least");
  }
}
