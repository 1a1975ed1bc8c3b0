package dev.lockkey.benchmarks;

import dev.lockkey.benchmarks.lock.Contender;
import dev.lockkey.benchmarks.lock.LockCycleBenchmark;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.benchmarks.report.Figure;
import dev.lockkey.benchmarks.report.Section;
import dev.lockkey.benchmarks.report.Target;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** One thread, uncontended: acquire+release cycles per second against the raw Jedis floor. */
final class LockCycleComparison {
  private static final String FLOOR = Contender.FLOOR.label();

  private LockCycleComparison() {}

  static Section run(SuiteSettings settings, RedisEndpoint redis, Progress progress) {
    Figure cycles = new Figure("uncontended acquire+release", "cycles/s", FLOOR, true);
    Figure bytes = new Figure("allocation per acquire+release", "B/op", FLOOR, false);
    List<Contender> contenders = Arrays.asList(Contender.values());
    for (int round = 0; round < settings.rounds(); round++) {
      for (Contender contender : Rounds.order(contenders, round)) {
        progress.step("lock cycle", contender.label(), round);
        JmhRun.Score score =
            JmhRun.run(
                LockCycleBenchmark.class,
                "acquireRelease",
                Map.of("contender", contender.name()),
                settings.lockWarmups(),
                settings.lockMeasurements(),
                settings,
                redis);
        cycles.add(contender.label(), score.score());
        bytes.add(contender.label(), score.bytesPerOp());
      }
    }
    String ours = Contender.LOCKKEY.label();
    List<Target> targets =
        List.of(new Target("at least 0.9x the floor", cycles, ours, FLOOR, 0.9, false, false));
    String contenderList =
        contenders.stream()
            .map(c -> "`" + c.label() + "`: " + c.description())
            .collect(Collectors.joining("; "));
    return new Section(
        "Lock cycle, one thread, uncontended",
        "JMH throughput of acquire then release on one key nobody else holds, against the one"
            + " local redis-server, each contender in its own fork per round, "
            + settings.lockWarmups()
            + " warm-up iterations (the netty-based clients need them on one core), "
            + settings.rounds()
            + " rounds. Every contender takes a 30 s lease and runs no renewal. Contenders: "
            + contenderList
            + ".",
        List.of(cycles, bytes),
        targets,
        "");
  }
}
