package dev.lockkey.benchmarks;

import dev.lockkey.benchmarks.redis.RedisEndpoint;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/** Runs one JMH benchmark method for one set of parameters and returns its score. */
final class JmhRun {
  private static final String ALLOCATION = "gc.alloc.rate.norm";
  private static final String IGNORE_LOCK = "jmh.ignoreLock";

  private JmhRun() {}

  /**
   * The score of a benchmark method and the bytes it allocated per operation.
   *
   * @param score the primary score in the benchmark's own unit
   * @param bytesPerOp the allocation per operation measured by JMH's GC profiler
   */
  record Score(double score, double bytesPerOp) {}

  /**
   * Runs {@code benchmark.method} with {@code params}, talking to {@code redis} when it needs one.
   *
   * @param warmups warm-up iterations of {@link SuiteSettings#iteration()}
   * @param measurements measured iterations of the same length
   */
  static Score run(
      Class<?> benchmark,
      String method,
      Map<String, String> params,
      int warmups,
      int measurements,
      SuiteSettings settings,
      RedisEndpoint redis) {
    TimeValue iteration = TimeValue.milliseconds(settings.iteration().toMillis());
    ChainedOptionsBuilder options =
        new OptionsBuilder()
            .include("^" + Pattern.quote(benchmark.getName() + "." + method) + "$")
            .forks(settings.forks())
            .warmupIterations(warmups)
            .warmupTime(iteration)
            .measurementIterations(measurements)
            .measurementTime(iteration)
            .addProfiler(GCProfiler.class)
            // Same heap for every contender; the GC is left to the JVM's choice for one CPU.
            .jvmArgs("-Xms1g", "-Xmx1g", "-D" + RedisEndpoint.PROPERTY + "=" + redis.asProperty())
            .shouldFailOnError(true)
            .verbosity(VerboseMode.SILENT);
    params.forEach(options::param);
    if (settings.shareMachineWithJmh()) {
      System.setProperty(IGNORE_LOCK, "true");
    }
    try {
      RunResult result = new Runner(options.build()).runSingle();
      return new Score(result.getPrimaryResult().getScore(), allocation(result));
    } catch (RunnerException e) {
      throw new IllegalStateException("JMH failed on " + method + " " + params, e);
    }
  }

  private static double allocation(RunResult result) {
    for (Map.Entry<String, Result> secondary : result.getSecondaryResults().entrySet()) {
      if (secondary.getKey().endsWith(ALLOCATION)) {
        return secondary.getValue().getScore();
      }
    }
    return Double.NaN;
  }
}
