package dev.lockkey.benchmarks;

import java.time.Duration;

/**
 * How long and how often each part of the suite measures. {@link #full()} is the run behind
 * docs/PERFORMANCE.md (minutes); {@link #smoke()} proves in seconds that every part still runs,
 * and its numbers mean nothing.
 *
 * @param renderingRounds how often key rendering repeats, methods interleaved within a round
 * @param forks JMH forks per benchmark and round (0 runs in this JVM)
 * @param iteration the length of one JMH iteration
 * @param renderingWarmups JMH warm-up iterations for key rendering
 * @param renderingMeasurements JMH measured iterations for key rendering
 * @param lockWarmupRounds lock-cycle rounds run before measuring (the netty-based clients need
 *     many on a JVM pinned to one core: the JIT shares that core)
 * @param lockWarmupSlice each contender's turn in a warm-up round
 * @param lockRounds measured lock-cycle rounds
 * @param lockSlice each contender's turn in a measured round
 * @param contentionRounds how often the contention run repeats, contenders interleaved
 * @param contentionThreads threads contending for one key
 * @param contentionWarmup how long each contender contends before it is measured
 * @param contentionTime how long the measured contention lasts
 * @param crossProcessRounds how often the cross-process run repeats, contenders interleaved
 * @param crossProcesses worker JVMs contending for one key
 * @param crossProcessThreads threads per worker JVM
 * @param crossProcessTime how long each cross-process run lasts
 * @param footprintCycles acquire+release cycles, on distinct keys, before counting keys
 * @param footprintSettle how long to wait before counting keys a second time
 * @param processorSpecs how many specs the processor-cost compilation holds
 * @param processorRepeats timed compilations per side after one warm-up each
 * @param shareMachineWithJmh whether to run even while another JMH run holds JMH's machine-wide
 *     lock (only where the numbers do not matter)
 * @param rateLimitRounds how often the rate-limit runs repeat, contenders interleaved
 * @param rateLimitWarmup how long each contender decides before each measured rate-limit run
 * @param rateLimitTime how long each measured rate-limit run lasts
 * @param rateLimitProcessTime how long the rate-limit run across worker JVMs lasts
 * @param manyKeysTime how long each contender cycles over many keys
 * @param jdbcCycleRounds measured rounds of the uncontended PostgreSQL cycle (after one warm-up round)
 * @param jdbcCycleSlice each contender's turn in a PostgreSQL cycle round
 */
public record SuiteSettings(
    int renderingRounds,
    int forks,
    Duration iteration,
    int renderingWarmups,
    int renderingMeasurements,
    int lockWarmupRounds,
    Duration lockWarmupSlice,
    int lockRounds,
    Duration lockSlice,
    int contentionRounds,
    int contentionThreads,
    Duration contentionWarmup,
    Duration contentionTime,
    int crossProcessRounds,
    int crossProcesses,
    int crossProcessThreads,
    Duration crossProcessTime,
    int footprintCycles,
    Duration footprintSettle,
    int processorSpecs,
    int processorRepeats,
    boolean shareMachineWithJmh,
    int rateLimitRounds,
    Duration rateLimitWarmup,
    Duration rateLimitTime,
    Duration rateLimitProcessTime,
    Duration manyKeysTime,
    int jdbcCycleRounds,
    Duration jdbcCycleSlice) {

  /** The measured run: about eight minutes on two cores. */
  public static SuiteSettings full() {
    return new SuiteSettings(
        5,
        1,
        Duration.ofMillis(500),
        3,
        4,
        8,
        Duration.ofSeconds(1),
        20,
        Duration.ofMillis(250),
        3,
        8,
        Duration.ofSeconds(4),
        Duration.ofSeconds(5),
        3,
        4,
        2,
        Duration.ofSeconds(4),
        200,
        Duration.ofSeconds(3),
        500,
        5,
        false,
        1,
        Duration.ofMillis(300),
        Duration.ofSeconds(1),
        Duration.ofSeconds(3),
        Duration.ofSeconds(2),
        5,
        Duration.ofSeconds(1));
  }

  /**
   * These settings with one round of each comparison that repeats in rounds (and one measured lock
   * cycle round per warm-up round), for a run that must stay short on a shared machine: the numbers
   * are those of one round, without a spread.
   */
  public SuiteSettings oneRound() {
    return new SuiteSettings(1, forks, iteration, renderingWarmups, renderingMeasurements, lockWarmupRounds,
        lockWarmupSlice, Math.min(lockRounds, lockWarmupRounds), lockSlice, 1, contentionThreads, contentionWarmup,
        contentionTime, 1, crossProcesses, crossProcessThreads, crossProcessTime, footprintCycles, footprintSettle,
        processorSpecs, processorRepeats, shareMachineWithJmh, 1, rateLimitWarmup, rateLimitTime,
        rateLimitProcessTime, manyKeysTime, 1, jdbcCycleSlice);
  }

  /** One very short pass of everything, in this JVM, for CI. */
  public static SuiteSettings smoke() {
    return new SuiteSettings(
        1,
        0,
        Duration.ofMillis(100),
        0,
        1,
        1,
        Duration.ofMillis(50),
        2,
        Duration.ofMillis(50),
        1,
        8,
        Duration.ZERO,
        Duration.ofMillis(300),
        1,
        2,
        2,
        Duration.ofMillis(500),
        10,
        Duration.ofMillis(100),
        10,
        1,
        true,
        1,
        Duration.ZERO,
        Duration.ofMillis(100),
        Duration.ofMillis(500),
        Duration.ofMillis(200),
        1,
        Duration.ofMillis(100));
  }
}
