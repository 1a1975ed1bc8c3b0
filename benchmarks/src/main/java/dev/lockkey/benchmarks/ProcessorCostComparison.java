package dev.lockkey.benchmarks;

import dev.lockkey.benchmarks.processor.CompileTime;
import dev.lockkey.benchmarks.processor.ProcessorCost;
import dev.lockkey.benchmarks.report.Figure;
import dev.lockkey.benchmarks.report.Section;
import dev.lockkey.benchmarks.report.Target;
import java.io.IOException;
import java.util.List;

/** Compile time with the annotation processor against the same code as plain sources. */
final class ProcessorCostComparison {
  private static final String PLAIN = "plain sources";
  private static final String PROCESSOR = "with processor";

  private ProcessorCostComparison() {}

  static Section run(SuiteSettings settings, Progress progress) throws IOException {
    String specs = settings.processorSpecs() + " specs";
    Figure cpu = new Figure("javac CPU time over " + specs, "ms", PLAIN, false);
    Figure wall = new Figure("javac wall time over " + specs, "ms", PLAIN, false);
    int generated;
    progress.step("processor cost", "writing " + specs + ", warming javac");
    try (ProcessorCost cost = ProcessorCost.prepare(settings.processorSpecs())) {
      generated = cost.generatedSources();
      for (int round = 0; round < settings.processorRepeats(); round++) {
        progress.step("processor cost", "javac both ways", round, settings.processorRepeats());
        // Alternate which side goes first, so neither always compiles right after a GC or a JIT burst.
        if (round % 2 == 0) {
          record(cpu, wall, PROCESSOR, cost.withProcessor());
          record(cpu, wall, PLAIN, cost.plainSources());
        } else {
          record(cpu, wall, PLAIN, cost.plainSources());
          record(cpu, wall, PROCESSOR, cost.withProcessor());
        }
      }
    }
    return new Section(
        "Processor cost",
        "javac (javax.tools, in the suite's JVM, after one warm-up compilation of each side) over "
            + specs
            + " of two to four fields with lockkey-processor on the processor path, against javac"
            + " without processors over the same specs plus the "
            + generated
            + " key classes the processor generated, as plain sources; "
            + settings.processorRepeats()
            + " timed compilations per side, alternating which goes first. The goal is read from"
            + " CPU time (the JVM's, all threads), which other processes on the machine do not"
            + " inflate; wall time is shown too.",
        List.of(cpu, wall),
        List.of(new Target("at most 1.5x plain sources", cpu, PROCESSOR, PLAIN, 1.5, true, false)),
        "");
  }

  private static void record(Figure cpu, Figure wall, String side, CompileTime time) {
    cpu.add(side, time.cpuNanos() / 1e6);
    wall.add(side, time.wallNanos() / 1e6);
  }
}
