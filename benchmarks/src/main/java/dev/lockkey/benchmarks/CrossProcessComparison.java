package dev.lockkey.benchmarks;

import dev.lockkey.benchmarks.contention.ProcessContender;
import dev.lockkey.benchmarks.contention.ProcessContentionResult;
import dev.lockkey.benchmarks.contention.ProcessContentionRun;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.benchmarks.report.Chart;
import dev.lockkey.benchmarks.report.Figure;
import dev.lockkey.benchmarks.report.Section;
import dev.lockkey.benchmarks.report.Spread;
import dev.lockkey.benchmarks.report.Svg;
import dev.lockkey.benchmarks.report.Target;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Issue 15: several worker JVMs on one key through one redis-server, each contender in turn,
 * interleaved round by round; pinned (the workers share the suite JVM's CPU, redis-server has its
 * own) and unpinned (everything may run anywhere) when the machine allows pinning.
 */
final class CrossProcessComparison {
  private static final String POLL = ProcessContender.POLL.label();
  private static final String OURS = ProcessContender.LOCKKEY.label();
  private static final String UNPINNED = " unpinned";

  private CrossProcessComparison() {}

  static Section run(SuiteSettings settings, RedisEndpoint redis, long redisPid, Placement placement,
      int machineCpus, Progress progress) throws IOException, InterruptedException {
    Figure cycles = new Figure("cycles", "cycles/s", POLL, true);
    Figure p50 = new Figure("wait for the lock, median", "µs", POLL, false);
    Figure p99 = new Figure("wait for the lock, 99th percentile", "µs", POLL, false);
    Figure max = new Figure("wait for the lock, longest", "µs", POLL, false);
    Figure evenness = new Figure("slowest process's cycles ÷ fastest process's", "share", POLL, true);
    Figure cross = new Figure("acquisitions taken from another process", "share", POLL, true);
    Figure commands = new Figure("Redis commands per cycle (scripts' inner calls and the critical section's 3 included)",
        "commands", POLL, false);
    Figure cpu = new Figure("redis-server CPU per cycle", "µs", POLL, false);
    Figure overlaps = new Figure("overlaps inside the critical section", "count", POLL, false);
    Figure timeouts = new Figure("acquisitions that timed out", "count", POLL, false);
    List<Boolean> placements = placement.pinned() ? List.of(true, false) : List.of(false);
    List<ProcessContender> contenders = ProcessContender.all();
    for (int round = 0; round < settings.crossProcessRounds(); round++) {
      for (boolean pinned : placements) {
        if (placement.pinned()) {
          Placement.pinRedisTo(redisPid, pinned, machineCpus);
        }
        for (ProcessContender contender : Rounds.order(contenders, round)) {
          String label = contender.label() + (pinned ? "" : UNPINNED);
          progress.step("cross-process", label, round, settings.crossProcessRounds());
          ProcessContentionResult result = ProcessContentionRun.run(contender, redis,
              "bench:processes:" + contender.label() + ":" + pinned + ":" + round, settings.crossProcesses(),
              settings.crossProcessThreads(), settings.crossProcessTime(),
              pinned || !placement.pinned() ? List.of() : Placement.unpinnedLauncher(machineCpus));
          cycles.add(label, result.cyclesPerSecond());
          p50.add(label, result.p50WaitMicros());
          p99.add(label, result.p99WaitMicros());
          max.add(label, result.maxWaitMicros());
          evenness.add(label, result.evenness());
          cross.add(label, result.crossShare());
          commands.add(label, result.commandsPerCycle());
          cpu.add(label, result.redisCpuMicrosPerCycle());
          overlaps.add(label, result.overlaps());
          timeouts.add(label, result.timeouts());
        }
      }
    }
    if (placement.pinned()) {
      Placement.pinRedisTo(redisPid, true, machineCpus);
    }
    return new Section(
        "Contention across processes, " + settings.crossProcesses() + " JVMs x " + settings.crossProcessThreads()
            + " threads on one key",
        settings.crossProcesses() + " worker JVMs started by the suite, " + settings.crossProcessThreads()
            + " threads each, loop lock, a critical section of 3 Redis commands (INCR, GETSET, DECR on"
            + " keys of their own: the INCR must read 1, the GETSET tells whether the lock came from"
            + " another process), unlock, on one key through one redis-server, for "
            + settings.crossProcessTime().toMillis() / 1000.0 + " s per contender and placement, "
            + settings.crossProcessRounds() + " rounds, contenders interleaved. Pinned: the workers"
            + " share the suite JVM's CPU and redis-server has the other; unpinned (\"" + UNPINNED.trim()
            + "\"): all may run on any CPU. `poll` is the naive lock: SET NX PX, again every 1-5 ms"
            + " (random), compare-and-delete. Redis commands and CPU come from INFO commandstats and"
            + " INFO cpu before and after each run, divided by its cycles. The ratio column divides by"
            + " the pinned `poll` of the same round; the goals compare within one placement.",
        List.of(cycles, p50, p99, max, evenness, cross, commands, cpu, overlaps, timeouts),
        targets(placements, contenders, cycles, p99, evenness, commands, overlaps),
        "",
        charts(settings, cycles, p50, p99, commands));
  }

  /** Cycles, waits and commands per contender, pictured. */
  private static List<Chart> charts(SuiteSettings settings, Figure cycles, Figure p50, Figure p99, Figure commands) {
    List<String> labels = cycles.contenders();
    String load = settings.crossProcesses() + " JVMs x " + settings.crossProcessThreads() + " threads, one key";
    Map<String, List<Double>> throughput = new LinkedHashMap<>();
    throughput.put("cycles/s", labels.stream().map(c -> median(cycles, c)).toList());
    Map<String, List<Double>> waits = new LinkedHashMap<>();
    waits.put("median", labels.stream().map(c -> median(p50, c)).toList());
    waits.put("99th percentile", labels.stream().map(c -> median(p99, c)).toList());
    Map<String, List<Double>> perCycle = new LinkedHashMap<>();
    perCycle.put("Redis commands", labels.stream().map(c -> median(commands, c)).toList());
    return List.of(
        new Chart("cross-process-cycles", "Across processes: cycles per second",
            Svg.bars(load + ": cycles/s", "cycles/s", labels, throughput, false)),
        new Chart("cross-process-wait", "Across processes: wait for the lock",
            Svg.bars(load + ": wait for the lock (µs, log scale)", "µs", labels, waits, true)),
        new Chart("cross-process-commands", "Across processes: Redis commands per cycle",
            Svg.bars(load + ": Redis commands per cycle", "commands", labels, perCycle, false)));
  }

  private static double median(Figure figure, String contender) {
    return figure.spread(contender).map(Spread::median).orElse(Double.NaN);
  }

  /** The goals table of issue 15. */
  private static List<Target> targets(List<Boolean> placements, List<ProcessContender> contenders, Figure cycles,
      Figure p99, Figure evenness, Figure commands, Figure overlaps) {
    List<Target> targets = new ArrayList<>();
    for (boolean pinned : placements) {
      String suffix = pinned ? "" : UNPINNED;
      String ours = OURS + suffix;
      targets.add(new Target("cycles at least 1.0x the naive poll" + suffix, cycles, ours, POLL + suffix, 1.0,
          false, false));
      targets.add(new Target("barging: cycles at least 1.0x the naive poll" + suffix, cycles,
          ProcessContender.LOCKKEY_BARGING.label() + suffix, POLL + suffix, 1.0, false, false));
      targets.add(new Target("cycles at least 8x Redisson" + suffix, cycles, ours,
          ProcessContender.REDISSON.label() + suffix, 8, false, false));
      targets.add(new Target("at most 12 Redis commands per cycle" + suffix, commands, ours, null, 12, true, false));
      targets.add(new Target("slowest ÷ fastest process at least 0.8" + suffix, evenness, ours, null, 0.8, false,
          false));
      targets.add(new Target("p99 wait at most 0.5x the naive poll's" + suffix, p99, ours, POLL + suffix, 0.5, true,
          false));
      for (ProcessContender contender : contenders) {
        targets.add(new Target("no overlap in any round", overlaps, contender.label() + suffix, null, 0, true,
            true));
      }
    }
    return targets;
  }
}
