package dev.lockkey.benchmarks;

import dev.lockkey.benchmarks.rate.RateContender;
import dev.lockkey.benchmarks.rate.RateGate;
import dev.lockkey.benchmarks.rate.RateLimitProcessRun;
import dev.lockkey.benchmarks.rate.RateLimitResult;
import dev.lockkey.benchmarks.rate.RateLimitRun;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.benchmarks.report.Chart;
import dev.lockkey.benchmarks.report.Figure;
import dev.lockkey.benchmarks.report.Section;
import dev.lockkey.benchmarks.report.Spread;
import dev.lockkey.benchmarks.report.Svg;
import dev.lockkey.benchmarks.report.Target;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Issue 27: rate limits on one hot key, side by side with Bucket4j, Redisson and a one-script floor.
 * Saturated (a limit of 1,000 per second that the callers exceed many times over, so almost every
 * call is denied) with 1, 8 and 32 threads of this JVM and across worker JVMs; and unsaturated (a
 * limit nobody reaches, so every call is granted) with the same threads.
 */
final class RateLimitComparison {
  static final long LIMIT = 1_000;
  /** A limit per second no run reaches: every call is granted. */
  static final long UNREACHED = 1_000_000_000L;
  static final List<Integer> THREADS = List.of(1, 8, 32);
  static final int PROCESS_THREADS = 4;
  private static final String BASELINE = RateContender.BUCKET4J.label();
  private static final String OURS = RateContender.LOCKKEY.label();

  private RateLimitComparison() {}

  /** The figures of one load (threads, or processes x threads). */
  private record Load(String name, Figure decisions, Figure p50, Figure p99, Figure commands, Figure clientCpu,
      Figure redisCpu, Figure mostAdmitted) {
    static Load of(String name, String baseline) {
      String of = ", " + name;
      return new Load(name,
          new Figure("decisions" + of, "decisions/s", baseline, true),
          new Figure("time per decision, median" + of, "µs", baseline, false),
          new Figure("time per decision, 99th percentile" + of, "µs", baseline, false),
          new Figure("Redis commands per decision (scripts' inner calls included)" + of, "commands", baseline, false),
          new Figure("client CPU per decision (the measuring JVMs)" + of, "µs", baseline, false),
          new Figure("redis-server CPU per decision" + of, "µs", baseline, false),
          new Figure("most grants within " + RateLimitRun.EXACTNESS_SPAN.toMillis() + " ms (limit "
              + LIMIT + " per 1 s window)" + of, "calls", baseline, false));
    }

    void add(String contender, RateLimitResult result) {
      decisions.add(contender, result.decisionsPerSecond());
      p50.add(contender, result.p50Micros());
      p99.add(contender, result.p99Micros());
      commands.add(contender, result.commandsPerDecision());
      clientCpu.add(contender, result.clientCpuMicrosPerDecision());
      redisCpu.add(contender, result.redisCpuMicrosPerDecision());
      if (!Double.isNaN(result.mostAdmittedInAWindow())) {
        mostAdmitted.add(contender, result.mostAdmittedInAWindow());
      }
    }

    List<Figure> figures() {
      return List.of(decisions, p50, p99, commands, clientCpu, redisCpu, mostAdmitted);
    }
  }

  static List<Section> run(SuiteSettings settings, RedisEndpoint redis, Placement placement, int machineCpus,
      Progress progress) throws IOException, InterruptedException {
    List<RateContender> contenders = RateContender.all();
    int processes = settings.crossProcesses();
    String acrossProcesses = processes + " JVMs x " + PROCESS_THREADS;
    if (!settings.rateLimitWarmup().isZero()) {
      // the contender measured first would otherwise also pay for loading and compiling the client
      for (RateContender contender : contenders) {
        try (RateGate gate = contender.open(redis, "rate-warm-up-" + contender.label() + "-" + System.nanoTime(),
            UNREACHED)) {
          RateLimitRun.run(gate, redis, 8, settings.rateLimitWarmup(), false);
        }
      }
    }
    Map<String, Load> saturated = new LinkedHashMap<>();
    Map<String, Load> open = new LinkedHashMap<>();
    THREADS.forEach(t -> saturated.put(threads(t), Load.of(threads(t), BASELINE)));
    saturated.put(acrossProcesses, Load.of(acrossProcesses, BASELINE));
    String floor = RateContender.FLOOR.label();
    THREADS.forEach(t -> open.put(threads(t), Load.of(threads(t), floor)));
    for (int round = 0; round < settings.rateLimitRounds(); round++) {
      for (RateContender contender : Rounds.order(contenders, round)) {
        progress.step("rate-limit", contender.label(), round, settings.rateLimitRounds());
        String key = "rate-" + contender.label() + "-" + round + "-" + System.nanoTime();
        measure(contender, redis, key + "-saturated", LIMIT, true, settings, saturated);
        measure(contender, redis, key + "-open", UNREACHED, false, settings, open);
        saturated.get(acrossProcesses).add(contender.label(),
            RateLimitProcessRun.run(contender, redis, key + "-processes", LIMIT, processes, PROCESS_THREADS,
                settings.rateLimitProcessTime(), List.of()));
      }
    }
    List<Section> sections = new ArrayList<>();
    String method = "One hot key, a fixed window of " + LIMIT + " calls per second (Bucket4j: " + LIMIT
        + " tokens refilled intervally each second; Redisson: RRateLimiter OVERALL, " + LIMIT + " per second),"
        + " callers far above it: almost every call is denied. The threads of one JVM share one limiter (as one"
        + " application server would) and decide one call after another for "
        + seconds(settings.rateLimitTime()) + " after " + seconds(settings.rateLimitWarmup()) + " of warm-up, "
        + settings.rateLimitRounds() + " round(s), contenders interleaved, each client warmed up first; across JVMs, "
        + processes
        + " worker JVMs of " + PROCESS_THREADS + " threads for " + seconds(settings.rateLimitProcessTime())
        + ", pinned with the suite JVM. Contenders: "
        + String.join("; ", contenders.stream().map(c -> "`" + c.label() + "` " + c.description()).toList())
        + ". Exactness is counted by the callers: each grant was decided between its call's start and end, and the"
        + " most grants whose whole call lies within one span of " + RateLimitRun.EXACTNESS_SPAN.toMillis()
        + " ms (half a window: a saturated window hands out its limit soon after it opens, the next opens a window"
        + " later, so half a window never holds two windows' grants) must not pass the limit; a stalled call is"
        + " left out, never counted wrongly. That holds while the remote decisions come many times faster than"
        + " the limit: a run too slow to hand out a window's limit within half a window can read above it"
        + " without any excess (the floor, exact by construction, then reads above it too). Redis commands"
        + " and CPU come from"
        + " INFO commandstats and INFO cpu before and after each run.";
    for (Load load : saturated.values()) {
      List<Target> targets = new ArrayList<>();
      boolean hot = !load.name().equals(threads(1));
      if (hot) {
        targets.add(new Target("at least 3x Bucket4j's decisions", load.decisions(), OURS, BASELINE, 3, false, false));
        targets.add(new Target("p99 at most 0.5x Bucket4j's", load.p99(), OURS, BASELINE, 0.5, true, false));
        targets.add(new Target("client CPU per decision at most Bucket4j's", load.clientCpu(), OURS, BASELINE, 1,
            true, false));
      }
      targets.add(new Target("at most 0.1 Redis commands per denial", load.commands(), OURS, null, 0.1, true, false));
      targets.add(new Target("never above the limit, every round", load.mostAdmitted(), OURS, null, LIMIT, true,
          true));
      sections.add(new Section("Rate limit, hot key, saturated, " + load.name(), method, load.figures(), targets, "",
          load.name().equals(threads(32)) ? saturatedCharts(saturated) : List.of()));
    }
    List<Target> openTargets = new ArrayList<>();
    List<Figure> openFigures = new ArrayList<>();
    for (Load load : open.values()) {
      openTargets.add(new Target("at least 0.9x the one-script floor", load.decisions(), OURS, floor, 0.9, false,
          false));
      openFigures.addAll(List.of(load.decisions(), load.p99(), load.commands(), load.clientCpu()));
    }
    sections.add(new Section("Rate limit, hot key, every call granted",
        "The same runs with a limit of " + UNREACHED + " per second, which no run reaches: every call is granted,"
            + " so each one is a round trip for every contender. Ratios to the one-script floor.",
        openFigures, openTargets, "", List.of()));
    return sections;
  }

  private static void measure(RateContender contender, RedisEndpoint redis, String key, long limit, boolean countGrants,
      SuiteSettings settings, Map<String, Load> loads) throws InterruptedException {
    try (RateGate gate = contender.open(redis, key, limit)) {
      for (int threads : THREADS) {
        if (!settings.rateLimitWarmup().isZero()) {
          RateLimitRun.run(gate, redis, threads, settings.rateLimitWarmup(), countGrants);
        }
        loads.get(threads(threads)).add(contender.label(),
            RateLimitRun.run(gate, redis, threads, settings.rateLimitTime(), countGrants));
      }
    }
  }

  private static List<Chart> saturatedCharts(Map<String, Load> loads) {
    List<String> categories = List.copyOf(loads.keySet());
    List<Load> ordered = List.copyOf(loads.values());
    Map<String, List<Double>> decisions = series(ordered, Load::decisions);
    Map<String, List<Double>> commands = series(ordered, Load::commands);
    Load hottest = loads.get(threads(32));
    Map<String, List<Double>> percentiles = new LinkedHashMap<>();
    List<String> contenders = hottest.decisions().contenders();
    percentiles.put("median", contenders.stream().map(c -> median(hottest.p50(), c)).toList());
    percentiles.put("99th percentile", contenders.stream().map(c -> median(hottest.p99(), c)).toList());
    return List.of(
        new Chart("rate-limit-saturated-throughput", "Saturated hot-key rate limit: decisions per second",
            Svg.lines("Saturated hot key: decisions/s (log scale)", "decisions/s", categories, decisions, true)),
        new Chart("rate-limit-saturated-latency", "Saturated hot-key rate limit, 32 threads: time per decision",
            Svg.bars("Saturated, 32 threads: time per decision (µs, log scale)", "µs", contenders, percentiles, true)),
        new Chart("rate-limit-saturated-commands", "Saturated hot-key rate limit: Redis commands per decision",
            Svg.bars("Saturated hot key: Redis commands per decision", "commands", categories,
                commands, false)));
  }

  /** Per contender, its median in each load's figure. */
  private static Map<String, List<Double>> series(List<Load> loads, java.util.function.Function<Load, Figure> figure) {
    Map<String, List<Double>> series = new LinkedHashMap<>();
    for (String contender : figure.apply(loads.get(0)).contenders()) {
      series.put(contender, loads.stream().map(load -> median(figure.apply(load), contender)).toList());
    }
    return series;
  }

  private static double median(Figure figure, String contender) {
    return figure.spread(contender).map(Spread::median).orElse(Double.NaN);
  }

  private static String threads(int threads) {
    return threads == 1 ? "1 thread" : threads + " threads";
  }

  private static String seconds(Duration duration) {
    return duration.toMillis() / 1000.0 + " s";
  }
}
