package dev.lockkey.benchmarks.footprint;

import java.util.List;

/**
 * The keys one contender left in Redis after its acquire+release cycles.
 *
 * @param cycles acquire+release cycles run, each on a key of its own
 * @param keysRightAfter keys in the database right after the last release
 * @param keysAfterSettle keys in the database after the settle time
 * @param longestTtlMillis the longest remaining time to live among the keys right after, -1 when a
 *     key has none (it stays forever), 0 when there were no keys
 * @param examples a few of the keys left right after, to show what they are
 */
public record FootprintResult(
    int cycles,
    long keysRightAfter,
    long keysAfterSettle,
    long longestTtlMillis,
    List<String> examples) {

  /** Keys left right after, per cycle. */
  public double keysPerCycleRightAfter() {
    return (double) keysRightAfter / cycles;
  }

  /** Keys left after the settle time, per cycle. */
  public double keysPerCycleAfterSettle() {
    return (double) keysAfterSettle / cycles;
  }
}
