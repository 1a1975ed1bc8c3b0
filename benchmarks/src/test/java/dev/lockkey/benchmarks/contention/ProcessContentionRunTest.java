package dev.lockkey.benchmarks.contention;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.benchmarks.redis.BenchmarkRedis;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The cross-process part of the suite once at a tiny size: two worker JVMs of two threads each on
 * one key, for every contender. No timing is asserted; exclusion across processes is, and that
 * every process took the lock and the server counted commands.
 */
class ProcessContentionRunTest {

  @Test
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void workerJvmsShareOneKeyWithoutOverlapForEveryContender() throws Exception {
    try (BenchmarkRedis redis = BenchmarkRedis.start()) {
      for (ProcessContender contender : ProcessContender.all()) {
        ProcessContentionResult result = ProcessContentionRun.run(contender, redis.endpoint(),
            "smoke:processes:" + contender.label(), 2, 2, Duration.ofMillis(400), List.of());

        assertThat(result.overlaps()).as(contender.label()).isZero();
        assertThat(result.cyclesPerSecond()).as(contender.label()).isPositive();
        assertThat(result.evenness()).as(contender.label() + ": both processes took the lock").isPositive();
        assertThat(result.commandsPerCycle()).as(contender.label()).isGreaterThanOrEqualTo(3);
        System.out.printf("%s: %s%n", contender.label(), result);
      }
    }
  }
}
