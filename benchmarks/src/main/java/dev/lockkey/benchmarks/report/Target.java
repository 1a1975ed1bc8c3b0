package dev.lockkey.benchmarks.report;

import java.util.Optional;

/**
 * A goal from issue 6 that one figure is held to: either the ratio of a contender to another
 * ({@code against}) or, when {@code against} is null, the contender's own value, is at most or at
 * least {@code bound}. The median decides, or with {@code everyRound} the worst round; the spread
 * is shown beside it.
 *
 * @param statement the goal in words, e.g. {@code at least 0.9x the floor}
 * @param figure the figure it reads
 * @param contender the contender held to it
 * @param against the contender divided by, or null for the contender's own value
 * @param bound the limit
 * @param atMost whether the measured value must stay at or below {@code bound} (else at or above)
 * @param everyRound whether every round must meet the goal (for invariants), not just the median
 */
public record Target(
    String statement,
    Figure figure,
    String contender,
    String against,
    double bound,
    boolean atMost,
    boolean everyRound) {

  /** What was measured for this goal, empty when a contender is missing from the run. */
  public Optional<Spread> measured() {
    return against == null ? figure.spread(contender) : figure.ratio(contender, against);
  }

  /** Whether the goal is met, empty when it was not measured. */
  public Optional<Boolean> met() {
    return measured()
        .map(
            m -> {
              if (atMost) {
                return (everyRound ? m.max() : m.median()) <= bound;
              }
              return (everyRound ? m.min() : m.median()) >= bound;
            });
  }
}
