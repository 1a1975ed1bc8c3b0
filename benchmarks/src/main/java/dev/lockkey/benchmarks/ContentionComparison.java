package dev.lockkey.benchmarks;

import dev.lockkey.benchmarks.contention.ContentionResult;
import dev.lockkey.benchmarks.contention.ContentionRun;
import dev.lockkey.benchmarks.lock.BlockingLockContender;
import dev.lockkey.benchmarks.lock.Contender;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.benchmarks.report.Figure;
import dev.lockkey.benchmarks.report.Section;
import dev.lockkey.benchmarks.report.Target;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Several threads of this JVM on one key: throughput, waiting time, fairness, exclusion. */
final class ContentionComparison {
  private static final String BASELINE = Contender.REDISSON.label();

  private ContentionComparison() {}

  static Section run(SuiteSettings settings, RedisEndpoint redis, Progress progress)
      throws InterruptedException {
    Figure cycles = new Figure("cycles", "cycles/s", BASELINE, true);
    Figure p50 = new Figure("time to acquire, median", "µs", BASELINE, false);
    Figure p99 = new Figure("time to acquire, 99th percentile", "µs", BASELINE, false);
    Figure handoffs = new Figure("handoffs to another thread", "share", BASELINE, true);
    Figure evenness =
        new Figure("slowest thread's cycles ÷ fastest thread's", "share", BASELINE, true);
    Figure overlaps = new Figure("overlaps inside the critical section", "count", BASELINE, false);
    Figure timeouts = new Figure("acquisitions that timed out", "count", BASELINE, false);
    List<Contender> contenders = Contender.waiting();
    for (int round = 0; round < settings.contentionRounds(); round++) {
      for (Contender contender : Rounds.order(contenders, round)) {
        progress.step("contention", contender.label(), round, settings.contentionRounds());
        String key = "bench:contention:" + contender.label() + ":" + round;
        ContentionResult result;
        try (BlockingLockContender locks = contender.openBlocking(redis)) {
          if (!settings.contentionWarmup().isZero()) {
            ContentionRun.run(locks, key, settings.contentionThreads(), settings.contentionWarmup());
          }
          result = ContentionRun.run(locks, key, settings.contentionThreads(), settings.contentionTime());
        }
        String label = contender.label();
        cycles.add(label, result.cyclesPerSecond());
        p50.add(label, result.p50AcquireMicros());
        p99.add(label, result.p99AcquireMicros());
        handoffs.add(label, result.handoffShare());
        evenness.add(label, result.evenness());
        overlaps.add(label, result.overlaps());
        timeouts.add(label, result.timeouts());
      }
    }
    String ours = Contender.LOCKKEY.label();
    List<Target> targets = new ArrayList<>();
    targets.add(new Target("at least 2x Redisson", cycles, ours, BASELINE, 2, false, false));
    targets.add(new Target("at most a quarter of Redisson's", p99, ours, BASELINE, 0.25, true, false));
    targets.add(
        new Target("no starvation: at least 0.5 in every round", evenness, ours, null, 0.5, false, true));
    for (Contender contender : contenders) {
      targets.add(
          new Target(
              "no overlap in any round", overlaps, contender.label(), null, 0, true, true));
    }
    return new Section(
        "Contention, " + settings.contentionThreads() + " threads on one key",
        settings.contentionThreads()
            + " threads of one JVM sharing one client each loop lock, about a microsecond of work,"
            + " unlock, for "
            + seconds(settings.contentionTime())
            + " after "
            + seconds(settings.contentionWarmup())
            + " of warm-up, "
            + settings.contentionRounds()
            + " rounds. A thread waits up to 10 s per attempt by the library's own means"
            + " (LockKey: a local queue per key with handoff in the releasing round trip, pub/sub"
            + " across processes; Redisson: pub/sub; Spring: a local ReentrantLock, then polling"
            + " Redis). Time to"
            + " acquire runs from asking to holding. An overlap is a thread finding another one"
            + " inside the critical section, checked there with an atomic counter.",
        List.of(cycles, p50, p99, handoffs, evenness, overlaps, timeouts),
        targets,
        "");
  }

  private static String seconds(Duration duration) {
    return duration.toMillis() / 1000.0 + " s";
  }
}
