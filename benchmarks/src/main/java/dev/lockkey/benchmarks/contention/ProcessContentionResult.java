package dev.lockkey.benchmarks.contention;

/**
 * What one cross-process contention run measured.
 *
 * @param cyclesPerSecond lock-work-unlock cycles of all processes per second
 * @param p50WaitMicros median time from asking for the lock to holding it
 * @param p99WaitMicros its 99th percentile
 * @param maxWaitMicros the longest
 * @param evenness the slowest process's cycles divided by the fastest's
 * @param crossShare the share of acquisitions that took the lock from another process
 * @param commandsPerCycle Redis commands per cycle (INFO commandstats, calls inside scripts
 *     included, the critical section's three included)
 * @param redisCpuMicrosPerCycle redis-server CPU (user + system) per cycle
 * @param overlaps critical sections that found another one inside (must be 0)
 * @param timeouts acquisitions that gave up after 10 s
 * @param cycles lock-work-unlock cycles of all processes
 */
public record ProcessContentionResult(
    double cyclesPerSecond,
    double p50WaitMicros,
    double p99WaitMicros,
    double maxWaitMicros,
    double evenness,
    double crossShare,
    double commandsPerCycle,
    double redisCpuMicrosPerCycle,
    long overlaps,
    long timeouts,
    long cycles) {}
