package dev.lockkey.benchmarks.footprint;

import java.util.List;
import java.util.Map;

/**
 * The keys one contender left in Redis after its acquire+release cycles.
 *
 * @param cycles acquire+release cycles run, each on a key of its own
 * @param keysRightAfter keys in the database right after the last release
 * @param keysAfterSettle keys still there after the settle time, counted by kind: the key's text
 *     before its first {@code :} (e.g. {@code fence})
 * @param longestTtlMillis the longest remaining time to live among the keys right after, -1 when a
 *     key has none (it stays forever), 0 when there were no keys
 * @param examples a few of the keys left right after, to show what they are
 */
public record FootprintResult(
    int cycles,
    long keysRightAfter,
    Map<String, Long> keysAfterSettle,
    long longestTtlMillis,
    List<String> examples) {

  /** Keys left right after, per cycle. */
  public double keysPerCycleRightAfter() {
    return (double) keysRightAfter / cycles;
  }

  /** Keys left after the settle time, per cycle, except those of kind {@code exempt}. */
  public double keysPerCycleAfterSettleExcept(String... exempt) {
    java.util.List<String> exempted = java.util.Arrays.asList(exempt);
    long kept =
        keysAfterSettle.entrySet().stream()
            .filter(e -> !exempted.contains(e.getKey()))
            .mapToLong(Map.Entry::getValue)
            .sum();
    return (double) kept / cycles;
  }

  /** Keys left after the settle time, per cycle. */
  public double keysPerCycleAfterSettle() {
    return keysPerCycleAfterSettleExcept();
  }
}
