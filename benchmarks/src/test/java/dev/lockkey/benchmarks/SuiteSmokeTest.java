package dev.lockkey.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.benchmarks.lock.Contender;
import dev.lockkey.benchmarks.lock.LockCycleBenchmark;
import dev.lockkey.benchmarks.redis.BenchmarkRedis;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.benchmarks.report.PerformanceReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * CI's smoke pass: every benchmark and comparison of the suite runs once, very briefly, in this
 * JVM against a real redis-server (and a real PostgreSQL for the JDBC part), and the report is written. No timing is asserted; the lock
 * invariants are.
 */
class SuiteSmokeTest {

  @Test
  @Timeout(value = 4, unit = TimeUnit.MINUTES) // the PostgreSQL part starts a server and worker JVMs
  void everyComparisonRunsAndTheReportIsWritten(@TempDir Path dir) throws Exception {
    PerformanceReport report = Suite.run(SuiteSettings.smoke(), Machine.describe(), Placement.none());
    Path out = dir.resolve("PERFORMANCE.md");

    Suite.writeReport(report, out);

    String markdown = Files.readString(out);
    assertThat(markdown)
        .contains("## Key rendering", "## Lock cycle", "## Contention", "## Redis footprint")
        .contains("## Processor cost", "plus the 10 key classes the processor generated")
        .contains("| generatedKey |", "| handWritten |", "| handConcatenated |")
        .contains("| lockkey |", "| floor |", "| redisson |", "| spring |")
        .contains("## Contention across processes", "| lockkey unpinned |", "| poll unpinned |")
        .contains("## Annotated call overhead", "| guardedCall |", "| directWithLock |", "| keyFromArguments |")
        .contains("| lockkey_barging unpinned |", "## Rate limit, hot key, saturated, 32 threads", "| bucket4j |",
            "| lockkey_remote |", "## Rate limit, hot key, every call granted", "## Many keys", "| fenced_floor |")
        .contains("## PostgreSQL lock cycle, uncontended", "| jdbc_floor |", "| jdbc_lockkey |", "| jdbc_spring |",
            "| jdbc_shedlock |", "## PostgreSQL contention across processes")
        .contains("![Saturated hot-key rate limit: decisions per second](perf/rate-limit-saturated-throughput.svg)")
        .contains(PerformanceReport.ANALYSIS_START, PerformanceReport.ANALYSIS_END);
    assertThat(dir.resolve("perf/rate-limit-saturated-throughput.svg")).content().startsWith("<svg");
    assertThat(dir.resolve("perf/many-keys-cost.svg")).exists();
    assertThat(report.targets())
        .filteredOn(t -> t.statement().startsWith("no overlap"))
        .isNotEmpty()
        .allSatisfy(t -> assertThat(t.met()).as(t.contender()).contains(true));
  }

  @Test
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void theJmhLockCycleBenchmarkRunsForEveryContender() {
    try (BenchmarkRedis redis = BenchmarkRedis.start()) {
      System.setProperty(RedisEndpoint.PROPERTY, redis.endpoint().asProperty());
      for (Contender contender : Contender.values()) {
        JmhRun.Score score =
            JmhRun.run(
                LockCycleBenchmark.class,
                "acquireRelease",
                Map.of("contender", contender.name()),
                0,
                1,
                SuiteSettings.smoke(),
                redis.endpoint());
        assertThat(score.score()).as(contender.label()).isPositive();
      }
    } finally {
      System.clearProperty(RedisEndpoint.PROPERTY);
    }
  }

  @Test
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void rerunsKeepTheHandWrittenAnalysis(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("PERFORMANCE.md");
    String analysis =
        PerformanceReport.ANALYSIS_START + "\nWe lose here, because.\n" + PerformanceReport.ANALYSIS_END;
    Files.writeString(out, "# old\n\n" + analysis + "\nold numbers\n");
    PerformanceReport empty =
        new PerformanceReport(Map.of(), Map.of(), "cmd", java.util.List.of());

    Suite.writeReport(empty, out);

    assertThat(Files.readString(out)).contains(analysis).doesNotContain("old numbers");
  }
}
