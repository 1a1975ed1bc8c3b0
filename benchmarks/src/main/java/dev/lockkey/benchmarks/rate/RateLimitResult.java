package dev.lockkey.benchmarks.rate;

/**
 * What one rate-limit run measured.
 *
 * @param decisionsPerSecond calls decided (granted or denied) per second, all threads
 * @param p50Micros median time of one decision
 * @param p99Micros 99th percentile time of one decision
 * @param admittedPerSecond calls granted per second
 * @param mostAdmittedInAWindow the most granted calls lying wholly within one span of
 *     {@link RateLimitRun#EXACTNESS_SPAN}, by the callers' own clock, or NaN when every call was meant
 *     to be granted
 * @param commandsPerDecision Redis commands (INFO commandstats, scripts' inner calls included) per decision
 * @param clientCpuMicrosPerDecision the measuring JVM's CPU time per decision (0 for a worker JVM's share)
 * @param redisCpuMicrosPerDecision redis-server's CPU time per decision
 */
public record RateLimitResult(
    double decisionsPerSecond,
    double p50Micros,
    double p99Micros,
    double admittedPerSecond,
    double mostAdmittedInAWindow,
    double commandsPerDecision,
    double clientCpuMicrosPerDecision,
    double redisCpuMicrosPerDecision) {}
