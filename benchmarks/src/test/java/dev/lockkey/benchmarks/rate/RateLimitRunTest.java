package dev.lockkey.benchmarks.rate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The exactness count: only calls wholly inside half a window count, so two windows never add up. */
class RateLimitRunTest {
  private static final long MS = 1_000_000L;

  @Test
  void backToBackSaturatedWindowsCountOneWindowEach() {
    RateLimitRun.Tally tally = new RateLimitRun.Tally();
    for (int window = 0; window < 3; window++) {
      for (int call = 0; call < 10; call++) {
        long start = window * 1000 * MS + call * MS;
        tally.grant(start, start + MS / 2, true);
      }
    }

    assertThat(RateLimitRun.mostInAnyWindow(List.of(tally))).isEqualTo(10);
  }

  @Test
  void aStalledCallIsLeftOutAndAnExcessIsCounted() {
    RateLimitRun.Tally first = new RateLimitRun.Tally();
    RateLimitRun.Tally second = new RateLimitRun.Tally();
    for (int call = 0; call < 10; call++) {
      first.grant(call * MS, call * MS + MS / 2, true);
      second.grant(call * MS, call * MS + MS / 2, true);
    }
    second.grant(0, 900 * MS, true); // stalled: its decision may have come in another window

    assertThat(RateLimitRun.mostInAnyWindow(List.of(first))).isEqualTo(10);
    assertThat(RateLimitRun.mostInAnyWindow(List.of(first, second))).isEqualTo(20);
  }

  @Test
  void latenciesReadTheirPercentilesWithinABucket() {
    Latencies latencies = new Latencies();
    for (long nanos = 1; nanos <= 100_000; nanos++) {
      latencies.record(nanos);
    }
    Latencies copy = Latencies.decode(latencies.encode());

    assertThat(copy.percentile(0.5)).isBetween(50_000 * 0.9, 50_000 * 1.1);
    assertThat(copy.percentile(0.99)).isBetween(99_000 * 0.9, 99_000 * 1.1);
  }
}
