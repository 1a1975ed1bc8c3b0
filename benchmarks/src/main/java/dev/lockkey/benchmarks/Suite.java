package dev.lockkey.benchmarks;

import dev.lockkey.benchmarks.redis.BenchmarkRedis;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.benchmarks.report.PerformanceReport;
import dev.lockkey.benchmarks.report.Section;
import dev.lockkey.benchmarks.report.Versions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The whole benchmark suite in one run: starts one redis-server, pins it and this JVM, runs every
 * comparison with the contenders interleaved round by round, and writes docs/PERFORMANCE.md.
 *
 * <p>Usage: {@code Suite [--smoke] [--cross-process | --lock-cycle] [--out PATH]}, or {@code Suite
 * --jmh JMH-ARGS...} to run JMH's
 * own command line (one benchmark, other profilers) against a Redis started and pinned the same
 * way. {@code benchmarks/run.sh} builds and runs it.
 */
public final class Suite {
  private static final String COMMAND = "benchmarks/run.sh";

  private Suite() {}

  /**
   * Runs the suite and writes the report (default {@code docs/PERFORMANCE.md}, or {@code
   * benchmarks/target/PERFORMANCE-smoke.md} for {@code --smoke}).
   */
  public static void main(String[] args) throws Exception {
    SuiteSettings settings = SuiteSettings.full();
    Path out = null;
    Part only = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--smoke" -> settings = SuiteSettings.smoke();
        case "--cross-process" -> only = Part.CROSS_PROCESS;
        case "--lock-cycle" -> only = Part.LOCK_CYCLE;
        case "--out" -> out = Path.of(args[++i]);
        case "--jmh" -> {
          runJmh(Arrays.copyOfRange(args, i + 1, args.length));
          return;
        }
        default -> throw new IllegalArgumentException(
            "unknown argument " + args[i]
                + "; usage: Suite [--smoke] [--cross-process | --lock-cycle] [--out PATH] | --jmh JMH-ARGS...");
      }
    }
    if (out == null) {
      // Smoke numbers mean nothing: they never overwrite the measured report by default.
      out = only != null ? Path.of("benchmarks", "target", "PERFORMANCE-" + only.file + ".md")
          : settings.equals(SuiteSettings.smoke()) ? Path.of("benchmarks", "target", "PERFORMANCE-smoke.md")
          : Path.of("docs", "PERFORMANCE.md");
    }
    Machine machine = Machine.describe();
    PerformanceReport report = run(settings, machine, Placement.pinJvm(machine.cpus()), only);
    writeReport(report, out);
    System.out.println("wrote " + out.toAbsolutePath());
  }

  private static void runJmh(String[] jmhArgs) throws Exception {
    Placement placement = Placement.pinJvm(Machine.describe().cpus());
    System.out.println(placement.description());
    try (BenchmarkRedis redis = BenchmarkRedis.start()) {
      placement.pinRedis(redis.pid());
      String property = "-D" + RedisEndpoint.PROPERTY + "=" + redis.endpoint().asProperty();
      System.setProperty(RedisEndpoint.PROPERTY, redis.endpoint().asProperty());
      String[] withRedis = Arrays.copyOf(jmhArgs, jmhArgs.length + 2);
      withRedis[jmhArgs.length] = "-jvmArgsAppend";
      withRedis[jmhArgs.length + 1] = property;
      org.openjdk.jmh.Main.main(withRedis);
    }
  }

  /** Runs every comparison with {@code settings} and returns the report. */
  static PerformanceReport run(SuiteSettings settings, Machine machine, Placement placement)
      throws IOException, InterruptedException {
    return run(settings, machine, placement, null);
  }

  /** A part of the suite that runs alone, in minutes, while its code is being worked on. */
  enum Part {
    CROSS_PROCESS("cross-process"), LOCK_CYCLE("lock-cycle");

    /** How the part's report is named: {@code benchmarks/target/PERFORMANCE-<file>.md}. */
    final String file;

    Part(String file) {
      this.file = file;
    }
  }

  /**
   * Runs every comparison, or with {@code only} that part alone (written next to the build output,
   * to be merged into the report by hand), and returns the report.
   */
  static PerformanceReport run(SuiteSettings settings, Machine machine, Placement placement, Part only)
      throws IOException, InterruptedException {
    Instant started = Instant.now();
    String loadBefore = Machine.loadAverage();
    Progress progress = new Progress(System.out);
    List<Section> sections = new ArrayList<>();
    String redisVersion;
    try (BenchmarkRedis redis = BenchmarkRedis.start()) {
      placement.pinRedis(redis.pid());
      redisVersion = redis.version();
      RedisEndpoint endpoint = redis.endpoint();
      // Benchmarks running in this JVM (no fork) find the server the same way forks do.
      System.setProperty(RedisEndpoint.PROPERTY, endpoint.asProperty());
      if (only == null) {
        sections.add(KeyRenderingComparison.run(settings, endpoint, progress));
      }
      if (only == null || only == Part.LOCK_CYCLE) {
        sections.add(LockCycleComparison.run(settings, endpoint, progress));
      }
      if (only == null) {
        sections.add(GuardedCallComparison.run(settings, endpoint, progress));
        sections.add(ContentionComparison.run(settings, endpoint, progress));
      }
      if (only == null || only == Part.CROSS_PROCESS) {
        sections.add(CrossProcessComparison.run(settings, endpoint, redis.pid(), placement, machine.cpus(), progress));
      }
      if (only == null) {
        sections.add(FootprintComparison.run(settings, endpoint, progress));
      }
    }
    if (only == null) {
      sections.add(ProcessorCostComparison.run(settings, progress));
    }
    Map<String, String> setup = new LinkedHashMap<>();
    setup.put("date", started.truncatedTo(ChronoUnit.SECONDS).toString());
    setup.put("CPUs", Integer.toString(machine.cpus()));
    setup.put("CPU model", machine.cpuModel());
    setup.put("JDK", machine.jdk());
    setup.put("OS", machine.os());
    setup.put("Redis", "redis-server " + redisVersion + " (lockkey-test fixture), loopback, no persistence");
    setup.put("placement", placement.description());
    setup.put("load average (1 min) before / after", loadBefore + " / " + Machine.loadAverage());
    setup.put("suite duration", Duration.between(started, Instant.now()).toSeconds() + " s");
    setup.put("settings", settings.toString());
    return new PerformanceReport(setup, versions(), COMMAND, sections);
  }

  /** Writes {@code report} to {@code out}, keeping the analysis already written there. */
  static void writeReport(PerformanceReport report, Path out) throws IOException {
    String previous = Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "";
    Path parent = out.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Files.writeString(out, report.render(previous), StandardCharsets.UTF_8);
  }

  private static Map<String, String> versions() {
    Map<String, String> versions = new LinkedHashMap<>();
    versions.put("Jedis", Versions.of("redis.clients", "jedis", redis.clients.jedis.UnifiedJedis.class));
    versions.put("Redisson", Versions.of("org.redisson", "redisson", org.redisson.Redisson.class));
    versions.put(
        "Spring Integration Redis",
        Versions.of(
            "org.springframework.integration",
            "spring-integration-redis",
            org.springframework.integration.redis.util.RedisLockRegistry.class));
    versions.put(
        "Spring Data Redis",
        Versions.of(
            "org.springframework.data",
            "spring-data-redis",
            org.springframework.data.redis.connection.RedisConnectionFactory.class));
    versions.put(
        "Spring Framework (spring-expression for SpEL)",
        Versions.of(
            "org.springframework",
            "spring-expression",
            org.springframework.expression.spel.standard.SpelExpressionParser.class));
    versions.put("Lettuce", Versions.of("io.lettuce", "lettuce-core", io.lettuce.core.RedisClient.class));
    versions.put("JMH", Versions.of("org.openjdk.jmh", "jmh-core", org.openjdk.jmh.runner.Runner.class));
    return versions;
  }
}
