package dev.lockkey.spring.leader;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.leader.Leadership;
import dev.lockkey.spring.autoconfigure.LockKeyAutoConfiguration;
import dev.lockkey.testing.RedisFixture;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** When the leadership auto-configuration stands: only for {@link Leadership} beans, yielding to the application's. */
class LockKeyLeadershipAutoConfigurationTest {
  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(LockKeyAutoConfiguration.class, LockKeyLeadershipAutoConfiguration.class))
      .withPropertyValues(
          "spring.data.redis.host=" + RedisFixture.shared().host(),
          "spring.data.redis.port=" + RedisFixture.shared().port(),
          "lockkey.environment=lead" + Long.toHexString(System.nanoTime()));

  @Test
  void withoutALeadershipBeanNothingStands() {
    runner.run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(LeaderCandidates.class));
  }

  @Test
  void aLeadershipBeanStandsWithTheContextAndStepsDownWithIt() {
    Leadership billing = Leadership.of(BillingLeaderKey.of());
    LeaderCandidates[] seen = new LeaderCandidates[1];
    runner.withBean(Leadership.class, () -> billing).run(context -> {
      LeaderCandidates candidates = context.getBean(LeaderCandidates.class);
      seen[0] = candidates;
      assertThat(candidates.isRunning()).isTrue();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!candidates.candidate(billing).orElseThrow().isLeader()) {
        assertThat(System.nanoTime()).as("elected alone").isLessThan(deadline);
        Thread.sleep(10);
      }
    });
    assertThat(seen[0].isRunning()).as("after the context closed").isFalse();
  }

  @Test
  void theApplicationsOwnCandidatesWin() {
    LeaderCandidates own = new LeaderCandidates(List.of(), null, event -> {});
    runner.withBean(Leadership.class, () -> Leadership.of(BillingLeaderKey.of()))
        .withBean(LeaderCandidates.class, () -> own)
        .run(context -> assertThat(context.getBean(LeaderCandidates.class)).isSameAs(own));
  }
}
