package dev.lockkey.benchmarks.shared;

import dev.lockkey.benchmarks.redis.BenchmarkRedis;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import redis.clients.jedis.RedisClient;

/**
 * Permits and read/write locks side by side, LockKey and Redisson, in one run on one local
 * redis-server: uncontended cycles per second (JMH, one thread, short: about a minute in all) and
 * Redis commands per cycle (INFO commandstats, the commands inside scripts included, over
 * {@link #COUNTED_CYCLES} cycles after a warm-up). Prints a Markdown table.
 *
 * <p>Run: {@code mvn -o -q -pl benchmarks -am package -DskipTests} then
 * {@code java -cp "$(cat benchmarks/target/classpath.txt):benchmarks/target/classes"
 * dev.lockkey.benchmarks.shared.SharedLockComparison} (see docs/PERFORMANCE.md).
 */
public final class SharedLockComparison {
  private static final int COUNTED_CYCLES = 1_000;
  private static final Pattern CALLS = Pattern.compile("cmdstat_[^:]+:calls=(\\d+)");

  private SharedLockComparison() {}

  /** Runs the comparison; no arguments. */
  public static void main(String[] args) throws Exception {
    try (BenchmarkRedis redis = BenchmarkRedis.start()) {
      StringBuilder table = new StringBuilder("Redis " + redis.version() + ", one thread, idle key, lease "
          + SharedLockSide.LEASE.toSeconds() + " s, no renewal; permits N = " + SharedLockSide.PERMITS + "\n\n"
          + "| what | side | cycles/s | Redis commands per cycle |\n|---|---|---|---|\n");
      for (SharedLockSide.Op op : SharedLockSide.Op.values()) {
        for (SharedLockSide side : SharedLockSide.values()) {
          double perSecond = throughput(redis.endpoint(), side, op);
          double commands = commandsPerCycle(redis.endpoint(), side, op);
          table.append(String.format(Locale.ROOT, "| %s | %s | %.0f | %.1f |%n", op, side, perSecond, commands));
        }
      }
      System.out.println(table);
    }
  }

  private static double throughput(RedisEndpoint redis, SharedLockSide side, SharedLockSide.Op op) throws Exception {
    RunResult result = new Runner(new OptionsBuilder()
        .include("^" + Pattern.quote(SharedLockBenchmark.class.getName() + ".takeAndGiveBack") + "$")
        .param("side", side.name())
        .param("op", op.name())
        .forks(1)
        .warmupIterations(2)
        .warmupTime(TimeValue.seconds(1))
        .measurementIterations(3)
        .measurementTime(TimeValue.seconds(1))
        .jvmArgs("-Xms256m", "-Xmx256m", "-D" + RedisEndpoint.PROPERTY + "=" + redis.asProperty())
        .shouldFailOnError(true)
        .verbosity(VerboseMode.SILENT)
        .build()).runSingle();
    return result.getPrimaryResult().getScore();
  }

  private static double commandsPerCycle(RedisEndpoint redis, SharedLockSide side, SharedLockSide.Op op)
      throws Exception {
    SharedLockSide.Cycle cycle = side.open(redis, op, "count-" + side + "-" + op);
    try (RedisClient admin = RedisClient.create(redis.host(), redis.port())) {
      for (int i = 0; i < 100; i++) {
        cycle.run(); // scripts loaded, connections open
      }
      long before = commands(admin);
      for (int i = 0; i < COUNTED_CYCLES; i++) {
        cycle.run();
      }
      return (commands(admin) - before - 1) / (double) COUNTED_CYCLES; // the first INFO counts itself
    } finally {
      cycle.close().run();
    }
  }

  private static long commands(RedisClient admin) {
    Matcher calls = CALLS.matcher(admin.info("commandstats"));
    long total = 0;
    while (calls.find()) {
      total += Long.parseLong(calls.group(1));
    }
    return total;
  }
}
