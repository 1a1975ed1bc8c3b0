package dev.lockkey.leader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.lock.ContractKey;
import dev.lockkey.lock.LockOptions;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** An election's description: immutable copies, checked when each option is set. */
class LeadershipTest {
  private static final Leadership BILLING = Leadership.of(ContractKey.of("billing", "leader"));

  @Test
  void eachOptionIsAChangedCopy() {
    Leadership changed = BILLING.leaseTime(Duration.ofSeconds(3)).retry(Duration.ofMillis(10), Duration.ofSeconds(1))
        .purpose("elect");

    assertThat(BILLING.leaseTime()).isEqualTo(Duration.ofSeconds(Leadership.DEFAULT_LEASE_SECONDS));
    assertThat(BILLING.purpose()).isEqualTo(Leadership.DEFAULT_PURPOSE);
    assertThat(changed.leaseTime()).isEqualTo(Duration.ofSeconds(3));
    assertThat(changed.minRetry()).isEqualTo(Duration.ofMillis(10));
    assertThat(changed.maxRetry()).isEqualTo(Duration.ofSeconds(1));
    assertThat(changed.purpose()).isEqualTo("elect");
  }

  @Test
  void theLeaderHoldsARenewedLeaseOfItsPurpose() {
    LockOptions options = BILLING.leaseTime(Duration.ofSeconds(3)).lockOptions();

    assertThat(options.renewal()).isTrue();
    assertThat(options.leaseTime()).isEqualTo(Duration.ofSeconds(3));
    assertThat(options.purpose()).isEqualTo("leader");
  }

  @Test
  void optionsOutOfRangeAreRejectedWhenSet() {
    assertThatThrownBy(() -> BILLING.leaseTime(Duration.ofMillis(20))).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("leaseTime must be at least 30 ms (it is renewed), was 20 ms");
    assertThatThrownBy(() -> BILLING.retry(Duration.ofSeconds(2), Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("max must be at least min (2 s), was 1 s");
    assertThatThrownBy(() -> BILLING.purpose("Not A Word")).isInstanceOf(IllegalArgumentException.class);
  }
}
