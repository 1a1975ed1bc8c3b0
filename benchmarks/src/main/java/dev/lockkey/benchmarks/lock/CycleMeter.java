package dev.lockkey.benchmarks.lock;

import dev.lockkey.benchmarks.ProcessCpu;
import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * Runs uncontended acquire+release cycles of one contender on this thread for a short slice of
 * time, counting cycles, the bytes every thread of the JVM allocated meanwhile (the clients' I/O
 * threads included, as JMH's GC profiler counts them) and the CPU time the JVM used.
 */
public final class CycleMeter {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private CycleMeter() {}

  /**
   * What one slice measured.
   *
   * @param cycles cycles completed
   * @param cyclesPerSecond cycles over the slice's wall time
   * @param bytesPerCycle bytes allocated by all threads, per cycle
   * @param cpuMicrosPerCycle CPU time of this JVM (all threads), per cycle
   */
  public record Slice(
      long cycles, double cyclesPerSecond, double bytesPerCycle, double cpuMicrosPerCycle) {}

  /**
   * Cycles {@code key} with {@code locks} for {@code length}.
   *
   * @throws IllegalStateException when the uncontended key is found held
   */
  public static Slice run(LockContender locks, String key, Duration length) {
    long bytesBefore = allocatedBytes();
    long cpuBefore = ProcessCpu.nanos();
    long start = System.nanoTime();
    long end = start + length.toNanos();
    long cycles = 0;
    long now;
    do {
      HeldLock held = locks.tryAcquire(key);
      if (held == null) {
        throw new IllegalStateException("uncontended key " + key + " was held");
      }
      held.release();
      cycles++;
      now = System.nanoTime();
    } while (now < end);
    long cpu = ProcessCpu.nanos() - cpuBefore;
    long bytes = allocatedBytes() - bytesBefore;
    return new Slice(
        cycles, cycles / ((now - start) / 1e9), (double) bytes / cycles, cpu / 1e3 / cycles);
  }

  private static long allocatedBytes() {
    long total = 0;
    for (long bytes : THREADS.getThreadAllocatedBytes(THREADS.getAllThreadIds())) {
      total += Math.max(0, bytes); // -1 for a thread that ended meanwhile
    }
    return total;
  }
}
