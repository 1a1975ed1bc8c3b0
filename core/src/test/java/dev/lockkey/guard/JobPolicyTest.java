package dev.lockkey.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.lock.LockOptions;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A job's lock is a lease of holdAtMost, never waited for, never renewed. */
class JobPolicyTest {
  private static final LockOptions EXECUTOR_DEFAULTS = LockOptions.builder()
      .leaseTime(Duration.ofSeconds(20))
      .waitTime(Duration.ofSeconds(3))
      .renewal(true)
      .build();

  @Test
  void aRunNeverWaitsNorRenewsAndHoldsAtMostTheExecutorsLeaseByDefault() {
    LockOptions options = JobPolicy.defaults().applyTo(EXECUTOR_DEFAULTS);

    assertThat(options.leaseTime()).isEqualTo(Duration.ofSeconds(20));
    assertThat(options.waitTime()).isZero();
    assertThat(options.renewal()).isFalse();
    assertThat(JobPolicy.defaults().holdAtLeast()).isZero();
  }

  @Test
  void holdAtMostIsTheLeaseOfARun() {
    JobPolicy policy = JobPolicy.defaults().holdAtLeast(Duration.ofSeconds(30)).holdAtMost(Duration.ofMinutes(5));

    assertThat(policy.applyTo(EXECUTOR_DEFAULTS).leaseTime()).isEqualTo(Duration.ofMinutes(5));
    assertThat(policy.holdAtLeast()).isEqualTo(Duration.ofSeconds(30));
    assertThat(policy).isEqualTo(JobPolicy.defaults().holdAtMost(Duration.ofMinutes(5)).holdAtLeast(Duration.ofSeconds(30)));
  }

  @Test
  void holdingAtLeastLongerThanTheLeaseIsRejected() {
    JobPolicy policy = JobPolicy.defaults().holdAtLeast(Duration.ofMinutes(1)); // the lease is the executor's 20 s

    assertThatThrownBy(() -> policy.applyTo(EXECUTOR_DEFAULTS)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("holdAtLeast (60 s) must not be longer than the lease of a run, holdAtMost (20 s)");
    assertThatThrownBy(() -> JobPolicy.defaults().holdAtLeast(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("holdAtLeast must not be negative");
  }
}
