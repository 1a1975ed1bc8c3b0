package dev.lockkey.benchmarks;

import dev.lockkey.benchmarks.guard.GuardKeyBenchmark;
import dev.lockkey.benchmarks.guard.GuardedCallBenchmark;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.benchmarks.report.Figure;
import dev.lockkey.benchmarks.report.Section;
import dev.lockkey.benchmarks.report.Target;
import java.util.List;
import java.util.Map;

/**
 * An annotated {@code @Locked} call through its generated guard against a direct {@code withLock},
 * and, without Redis, the key built from the call's arguments against the key built by hand.
 */
final class GuardedCallComparison {
  private static final String BASELINE = "directWithLock";
  private static final String GUARDED = "guardedCall";
  private static final String KEY_BY_HAND = "keyByHand";
  private static final String KEY_FROM_ARGUMENTS = "keyFromArguments";

  private GuardedCallComparison() {}

  static Section run(SuiteSettings settings, RedisEndpoint redis, Progress progress) {
    Figure time = new Figure("time per uncontended locked call", "µs/op", BASELINE, false);
    Figure bytes = new Figure("allocation per uncontended locked call", "B/op", BASELINE, false);
    Figure key = new Figure("key of one call, no Redis", "ns/op", KEY_BY_HAND, false);
    for (int round = 0; round < settings.renderingRounds(); round++) {
      for (String method : Rounds.order(List.of(BASELINE, GUARDED), round)) {
        progress.step("guarded call", method, round, settings.renderingRounds());
        JmhRun.Score score = JmhRun.run(GuardedCallBenchmark.class, method, Map.of(),
            settings.renderingWarmups(), settings.renderingMeasurements(), settings, redis);
        time.add(method, score.score());
        bytes.add(method, score.bytesPerOp());
      }
      for (String method : Rounds.order(List.of(KEY_BY_HAND, KEY_FROM_ARGUMENTS), round)) {
        progress.step("guarded call", method, round, settings.renderingRounds());
        key.add(method, JmhRun.run(GuardKeyBenchmark.class, method, Map.of(),
            settings.renderingWarmups(), settings.renderingMeasurements(), settings, redis).score());
      }
    }
    return new Section(
        "Annotated call overhead",
        "JMH, average time and allocation per uncontended `@Locked` call (acquire, method, release: two"
            + " round trips to Redis), " + settings.renderingRounds() + " rounds of " + settings.renderingWarmups()
            + " warm-up and " + settings.renderingMeasurements() + " measured iterations of "
            + settings.iteration().toMillis() + " ms, each method in its own fork per round. `" + GUARDED
            + "`: the method's generated guard run by `GuardInvoker`, as the Spring interceptor runs it; `"
            + BASELINE + "`: `executor.withLock` with the key built by hand. Redis round trips dwarf the"
            + " difference, so `" + KEY_FROM_ARGUMENTS + "` against `" + KEY_BY_HAND + "` measures the part"
            + " that differs without Redis: the generated factory reading the call's `Object[]` arguments.",
        List.of(time, bytes, key),
        List.of(new Target("within 1.1x a direct withLock", time, GUARDED, BASELINE, 1.1, true, false)),
        "");
  }
}
