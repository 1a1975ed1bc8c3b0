package dev.lockkey.benchmarks;

import dev.lockkey.benchmarks.guard.GuardKeyBenchmark;
import dev.lockkey.benchmarks.guard.LockedCall;
import dev.lockkey.benchmarks.lock.CycleMeter;
import dev.lockkey.benchmarks.lock.LockContender;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.benchmarks.report.Figure;
import dev.lockkey.benchmarks.report.Section;
import dev.lockkey.benchmarks.report.Target;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * An annotated {@code @Locked} call through its generated guard against a direct {@code withLock}:
 * whole calls on Redis in slices interleaved within one JVM (as the lock cycle is measured, so both
 * see the same load), and, with JMH and without Redis, the key built from the call's arguments
 * against the key built by hand.
 */
final class GuardedCallComparison {
  private static final String BASELINE = LockedCall.DIRECT.label();
  private static final String GUARDED = LockedCall.GUARDED.label();
  private static final String KEY_BY_HAND = "keyByHand";
  private static final String KEY_FROM_ARGUMENTS = "keyFromArguments";
  private static final String TENANT = "guarded-call";

  private GuardedCallComparison() {}

  static Section run(SuiteSettings settings, RedisEndpoint redis, Progress progress) {
    Figure calls = new Figure("uncontended locked calls", "calls/s", BASELINE, true);
    Figure cpu = new Figure("client JVM CPU time per locked call, all threads", "µs", BASELINE, false);
    Figure bytes = new Figure("allocation per locked call, all threads", "B/op", BASELINE, false);
    Figure key = new Figure("key of one call, no Redis", "ns/op", KEY_BY_HAND, false);
    List<LockedCall> kinds = Arrays.asList(LockedCall.values());
    Map<LockedCall, LockContender> open = new EnumMap<>(LockedCall.class);
    try {
      kinds.forEach(kind -> open.put(kind, kind.open(redis)));
      progress.step("guarded call", settings.lockWarmupRounds() + " warm-up rounds");
      for (int round = 0; round < settings.lockWarmupRounds(); round++) {
        for (LockedCall kind : Rounds.order(kinds, round)) {
          CycleMeter.run(open.get(kind), TENANT, settings.lockWarmupSlice());
        }
      }
      progress.step("guarded call", settings.lockRounds() + " measured rounds");
      for (int round = 0; round < settings.lockRounds(); round++) {
        for (LockedCall kind : Rounds.order(kinds, round)) {
          CycleMeter.Slice slice = CycleMeter.run(open.get(kind), TENANT, settings.lockSlice());
          calls.add(kind.label(), slice.cyclesPerSecond());
          cpu.add(kind.label(), slice.cpuMicrosPerCycle());
          bytes.add(kind.label(), slice.bytesPerCycle());
        }
      }
    } finally {
      open.values().forEach(LockContender::close);
    }
    for (int round = 0; round < settings.renderingRounds(); round++) {
      for (String method : Rounds.order(List.of(KEY_BY_HAND, KEY_FROM_ARGUMENTS), round)) {
        progress.step("guarded call", method, round, settings.renderingRounds());
        key.add(method, JmhRun.run(GuardKeyBenchmark.class, method, Map.of(),
            settings.renderingWarmups(), settings.renderingMeasurements(), settings, redis).score());
      }
    }
    return new Section(
        "Annotated call overhead",
        "One thread makes uncontended `@Locked` calls (acquire, method, release: two round trips) in "
            + settings.lockRounds() + " rounds of " + settings.lockSlice().toMillis() + " ms slices after "
            + settings.lockWarmupRounds() + " warm-up rounds, the two ways interleaved in one JVM. `" + GUARDED
            + "`: the method's generated guard run by `GuardInvoker`, as the Spring interceptor runs it; `"
            + BASELINE + "`: `executor.withLock` with the key built by hand, same options and body. Redis round"
            + " trips dwarf the difference, so JMH also measures the part that differs without Redis: `"
            + KEY_FROM_ARGUMENTS + "` (the generated factory reading the call's `Object[]` arguments) against `"
            + KEY_BY_HAND + "`, " + settings.renderingRounds() + " rounds of " + settings.renderingWarmups()
            + " warm-up and " + settings.renderingMeasurements() + " measured iterations of "
            + settings.iteration().toMillis() + " ms.",
        List.of(calls, cpu, bytes, key),
        List.of(
            new Target("within 1.1x a direct withLock (calls/s at least 0.91x)", calls, GUARDED, BASELINE, 0.91,
                false, false),
            new Target("within 1.1x a direct withLock", cpu, GUARDED, BASELINE, 1.1, true, false)),
        "");
  }
}
