package dev.lockkey.benchmarks;

import dev.lockkey.benchmarks.lock.Contender;
import dev.lockkey.benchmarks.lock.HeldLock;
import dev.lockkey.benchmarks.lock.LockContender;
import dev.lockkey.benchmarks.rate.RateLimitRun;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.benchmarks.redis.ServerCpu;
import dev.lockkey.benchmarks.report.Chart;
import dev.lockkey.benchmarks.report.Figure;
import dev.lockkey.benchmarks.report.Section;
import dev.lockkey.benchmarks.report.Spread;
import dev.lockkey.benchmarks.report.Svg;
import dev.lockkey.benchmarks.report.Target;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import redis.clients.jedis.RedisClient;

/**
 * Issue 27: production traffic is many threads on many keys (orders, accounts), mostly uncontended:
 * what each cycle costs on Redis and in the client decides how far one Redis carries a fleet.
 * 32 threads of one JVM share one client each contender and try-lock, release a random key of
 * 10,000 in a loop; a key found held (another thread has it) counts as a miss.
 */
final class ManyKeysComparison {
  static final int THREADS = 32;
  static final int KEYS = 10_000;
  private static final String BASELINE = Contender.FENCED_FLOOR.label();

  private ManyKeysComparison() {}

  static Section run(SuiteSettings settings, RedisEndpoint redis, Progress progress) throws InterruptedException {
    Figure cycles = new Figure("cycles", "cycles/s", BASELINE, true);
    Figure commands = new Figure("Redis commands per cycle (scripts' inner calls included)", "commands", BASELINE,
        false);
    Figure redisCpu = new Figure("redis-server CPU per cycle", "µs", BASELINE, false);
    Figure clientCpu = new Figure("client CPU per cycle", "µs", BASELINE, false);
    Figure misses = new Figure("tries that found the key held", "share", BASELINE, false);
    List<Contender> contenders = List.of(Contender.values());
    for (int round = 0; round < settings.rateLimitRounds(); round++) {
      for (Contender contender : Rounds.order(contenders, round)) {
        progress.step("many-keys", contender.label(), round, settings.rateLimitRounds());
        String prefix = "bench:many:" + contender.label() + ":" + round + ":";
        try (LockContender locks = contender.open(redis);
            RedisClient admin = RedisClient.create(redis.host(), redis.port())) {
          if (!settings.rateLimitWarmup().isZero()) {
            cycle(locks, prefix, settings.rateLimitWarmup());
          }
          long commandsBefore = RateLimitRun.commands(admin);
          double redisCpuBefore = ServerCpu.micros(admin);
          long cpuBefore = ProcessCpu.nanos();
          long start = System.nanoTime();
          long[] tally = cycle(locks, prefix, settings.manyKeysTime());
          double seconds = (System.nanoTime() - start) / 1e9;
          double done = Math.max(1, tally[0]);
          String label = contender.label();
          cycles.add(label, tally[0] / seconds);
          clientCpu.add(label, (ProcessCpu.nanos() - cpuBefore) / 1e3 / done);
          redisCpu.add(label, (ServerCpu.micros(admin) - redisCpuBefore) / done);
          commands.add(label, (RateLimitRun.commands(admin) - commandsBefore) / done);
          misses.add(label, tally[1] / (double) (tally[0] + tally[1]));
        }
      }
    }
    String ours = Contender.LOCKKEY.label();
    List<Target> targets = List.of(
        new Target("at least 0.9x the fenced floor", cycles, ours, BASELINE, 0.9, false, false),
        new Target("redis-server CPU per cycle at most 1.2x the fenced floor's", redisCpu, ours, BASELINE, 1.2, true,
            false));
    List<String> labels = cycles.contenders();
    Map<String, List<Double>> perCycle = new LinkedHashMap<>();
    perCycle.put("Redis commands", labels.stream().map(c -> median(commands, c)).toList());
    perCycle.put("redis-server CPU (µs)", labels.stream().map(c -> median(redisCpu, c)).toList());
    perCycle.put("client CPU (µs)", labels.stream().map(c -> median(clientCpu, c)).toList());
    Map<String, List<Double>> throughput = new LinkedHashMap<>();
    throughput.put("cycles/s", labels.stream().map(c -> median(cycles, c)).toList());
    List<Chart> charts = List.of(
        new Chart("many-keys-throughput", "Many keys: cycles per second",
            Svg.bars(THREADS + " threads over " + KEYS + " keys: cycles/s", "cycles/s", labels, throughput, false)),
        new Chart("many-keys-cost", "Many keys: cost per cycle",
            Svg.bars(THREADS + " threads over " + KEYS + " keys: cost per cycle", "per cycle", labels, perCycle,
                false)));
    return new Section("Many keys, " + THREADS + " threads over " + KEYS + " keys",
        THREADS + " threads of one JVM, one client per contender, loop try-lock, release on a key drawn at random"
            + " from " + KEYS + " (so two threads rarely want the same key: a miss is counted and the thread"
            + " draws again), for " + settings.manyKeysTime().toMillis() / 1000.0 + " s after "
            + settings.rateLimitWarmup().toMillis() / 1000.0 + " s of warm-up, " + settings.rateLimitRounds()
            + " round(s). Each client has its defaults: the Jedis-based ones (LockKey, the floors) a pool of 8"
            + " connections for the 32 threads, Redisson its own pool, Spring one Lettuce connection."
            + " `fenced_floor` is the least a lock with fencing tokens costs: one EVALSHA of SET NX PX"
            + " and INCR of a fencing counter, one EVALSHA compare-and-delete. Redis commands and CPU from INFO"
            + " before and after.",
        List.of(cycles, commands, redisCpu, clientCpu, misses), targets, "", charts);
  }

  /** Cycles random keys on {@link #THREADS} threads for {@code time}: {cycles, misses}. */
  private static long[] cycle(LockContender locks, String prefix, Duration time) throws InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      long end = System.nanoTime() + time.toNanos();
      List<Future<long[]>> futures = new ArrayList<>();
      for (int i = 0; i < THREADS; i++) {
        futures.add(pool.submit(() -> {
          long[] tally = new long[2];
          ThreadLocalRandom random = ThreadLocalRandom.current();
          while (System.nanoTime() - end < 0) {
            HeldLock held = locks.tryAcquire(prefix + random.nextInt(KEYS));
            if (held == null) {
              tally[1]++;
            } else {
              held.release();
              tally[0]++;
            }
          }
          return tally;
        }));
      }
      long[] total = new long[2];
      for (Future<long[]> future : futures) {
        long[] tally = future.get(time.toMillis() + 60_000, TimeUnit.MILLISECONDS);
        total[0] += tally[0];
        total[1] += tally[1];
      }
      return total;
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("a many-keys thread failed", e);
    } finally {
      pool.shutdownNow();
      pool.awaitTermination(10, TimeUnit.SECONDS);
    }
  }

  private static double median(Figure figure, String contender) {
    return figure.spread(contender).map(Spread::median).orElse(Double.NaN);
  }
}
