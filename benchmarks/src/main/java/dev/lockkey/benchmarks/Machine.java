package dev.lockkey.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What the suite ran on, read before anything is pinned.
 *
 * @param cpus the CPUs this JVM may use
 * @param cpuModel the CPU model from {@code /proc/cpuinfo}
 * @param jdk the Java runtime
 * @param os the operating system
 */
record Machine(int cpus, String cpuModel, String jdk, String os) {

  /** Describes this machine. */
  static Machine describe() {
    return new Machine(
        Runtime.getRuntime().availableProcessors(),
        readCpuModel(),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
        System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
  }

  /** The one-minute load average now, which says how busy the shared machine was. */
  static String loadAverage() {
    double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    return load < 0 ? "unknown" : String.format(Locale.ROOT, "%.2f", load);
  }

  private static String readCpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException e) {
      // Not Linux: the model is unknown, which the report says.
    }
    return "unknown";
  }
}
