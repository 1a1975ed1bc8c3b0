package dev.lockkey.benchmarks;

import java.lang.management.ManagementFactory;

/**
 * The CPU time this JVM has used, all threads (JIT and GC included). Unlike wall time it does not
 * grow while other processes of a shared machine hold the CPU.
 */
public final class ProcessCpu {
  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private ProcessCpu() {}

  /** CPU time used so far, in nanoseconds. */
  public static long nanos() {
    return OS.getProcessCpuTime();
  }
}
