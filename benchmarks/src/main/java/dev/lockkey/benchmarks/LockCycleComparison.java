package dev.lockkey.benchmarks;

import dev.lockkey.benchmarks.lock.Contender;
import dev.lockkey.benchmarks.lock.CycleMeter;
import dev.lockkey.benchmarks.lock.LockContender;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.benchmarks.redis.ServerCpu;
import dev.lockkey.benchmarks.report.Figure;
import dev.lockkey.benchmarks.report.Section;
import dev.lockkey.benchmarks.report.Target;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import redis.clients.jedis.RedisClient;

/**
 * One thread, uncontended: acquire+release cycles per second against the raw Jedis floor. All
 * contenders are open in this JVM at once and take turns in short slices, so that every ratio
 * compares slices a fraction of a second apart. (Separate JMH forks run minutes apart on this
 * shared machine measured its load more than the contenders; {@code LockCycleBenchmark} remains
 * for JMH's profilers, via {@code run.sh --jmh}.)
 */
final class LockCycleComparison {
  private static final String FLOOR = Contender.FLOOR.label();

  private LockCycleComparison() {}

  static Section run(SuiteSettings settings, RedisEndpoint redis, Progress progress) {
    Figure cycles = new Figure("uncontended acquire+release", "cycles/s", FLOOR, true);
    Figure bytes = new Figure("allocation per acquire+release, all threads", "B/op", FLOOR, false);
    Figure clientCpu =
        new Figure("client JVM CPU time per acquire+release, all threads", "µs", FLOOR, false);
    Figure serverCpu =
        new Figure(
            "redis-server CPU time per acquire+release, kernel network work included",
            "µs",
            FLOOR,
            false);
    List<Contender> contenders = Arrays.asList(Contender.values());
    Map<Contender, LockContender> open = new EnumMap<>(Contender.class);
    try (RedisClient admin = RedisClient.create(redis.host(), redis.port())) {
      for (Contender contender : contenders) {
        open.put(contender, contender.open(redis));
      }
      progress.step("lock cycle", settings.lockWarmupRounds() + " warm-up rounds");
      for (int round = 0; round < settings.lockWarmupRounds(); round++) {
        for (Contender contender : Rounds.order(contenders, round)) {
          CycleMeter.run(open.get(contender), key(contender), settings.lockWarmupSlice());
        }
      }
      progress.step("lock cycle", settings.lockRounds() + " measured rounds");
      for (int round = 0; round < settings.lockRounds(); round++) {
        for (Contender contender : Rounds.order(contenders, round)) {
          double cpuBefore = ServerCpu.micros(admin);
          CycleMeter.Slice slice =
              CycleMeter.run(open.get(contender), key(contender), settings.lockSlice());
          double cpuAfter = ServerCpu.micros(admin);
          cycles.add(contender.label(), slice.cyclesPerSecond());
          bytes.add(contender.label(), slice.bytesPerCycle());
          clientCpu.add(contender.label(), slice.cpuMicrosPerCycle());
          serverCpu.add(contender.label(), (cpuAfter - cpuBefore) / slice.cycles());
        }
      }
    } finally {
      open.values().forEach(LockContender::close);
    }
    String contenderList =
        contenders.stream()
            .map(c -> "`" + c.label() + "`: " + c.description())
            .collect(Collectors.joining("; "));
    return new Section(
        "Lock cycle, one thread, uncontended",
        "One thread cycles acquire then release on a key nobody else holds, against the one local"
            + " redis-server. All contenders are open in one JVM and take turns: "
            + settings.lockWarmupRounds()
            + " warm-up rounds of "
            + settings.lockWarmupSlice().toMillis()
            + " ms each (the netty-based clients need them when the JIT shares one core), then "
            + settings.lockRounds()
            + " rounds of "
            + settings.lockSlice().toMillis()
            + " ms each, in rotating order; ratios are taken round by round. Every contender takes"
            + " a 30 s lease and runs no renewal. CPU time per cycle, the client JVM's and the"
            + " server's (`INFO cpu`, user + sys), grows much less than the cycle time when other"
            + " processes hold the CPUs. Contenders: "
            + contenderList
            + ".",
        List.of(cycles, bytes, clientCpu, serverCpu),
        List.of(
            new Target(
                "at least 0.9x the floor", cycles, Contender.LOCKKEY.label(), FLOOR, 0.9, false, false)),
        "");
  }

  private static String key(Contender contender) {
    return "bench:cycle:" + contender.label();
  }
}
