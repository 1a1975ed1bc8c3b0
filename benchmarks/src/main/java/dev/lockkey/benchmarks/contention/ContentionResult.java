package dev.lockkey.benchmarks.contention;

/**
 * What one contention run measured.
 *
 * @param cycles lock/work/unlock cycles completed by all threads
 * @param cyclesPerSecond cycles over the run's wall time
 * @param p50AcquireMicros median time from asking for the lock to holding it
 * @param p99AcquireMicros 99th percentile of that time
 * @param handoffShare share of acquisitions whose previous holder was another thread
 * @param slowestThreadCycles cycles of the thread that completed fewest
 * @param fastestThreadCycles cycles of the thread that completed most
 * @param overlaps times a thread found another thread inside the critical section (must be 0)
 * @param timeouts acquisitions that gave up after the longest wait
 */
public record ContentionResult(
    long cycles,
    double cyclesPerSecond,
    double p50AcquireMicros,
    double p99AcquireMicros,
    double handoffShare,
    long slowestThreadCycles,
    long fastestThreadCycles,
    long overlaps,
    long timeouts) {

  /** Slowest over fastest thread's cycles: 1 is perfectly even, 0 is a starved thread. */
  public double evenness() {
    return fastestThreadCycles == 0 ? 0 : (double) slowestThreadCycles / fastestThreadCycles;
  }
}
