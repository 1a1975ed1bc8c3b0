package dev.lockkey.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.benchmarks.report.PerformanceReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * CI's smoke pass: every benchmark and comparison of the suite runs once, very briefly, in this
 * JVM against a real redis-server, and the report is written. No timing is asserted; the lock
 * invariants are.
 */
class SuiteSmokeTest {

  @Test
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
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
        .contains(PerformanceReport.ANALYSIS_START, PerformanceReport.ANALYSIS_END);
    assertThat(report.targets())
        .filteredOn(t -> t.statement().startsWith("no overlap"))
        .isNotEmpty()
        .allSatisfy(t -> assertThat(t.met()).as(t.contender()).contains(true));
  }

  @Test
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void rerunsKeepTheHandWrittenAnalysis(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("PERFORMANCE.md");
    String analysis =
        PerformanceReport.ANALYSIS_START + "\nWe lose here, because.\n" + PerformanceReport.ANALYSIS_END;
    Files.writeString(out, "# old\n\n" + analysis + "\nold numbers\n");
    PerformanceReport empty =
        new PerformanceReport(java.util.Map.of(), java.util.Map.of(), "cmd", java.util.List.of());

    Suite.writeReport(empty, out);

    assertThat(Files.readString(out)).contains(analysis).doesNotContain("old numbers");
  }
}
