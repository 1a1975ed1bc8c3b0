package dev.lockkey.benchmarks.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One measured quantity (say, uncontended lock cycles per second) for each contender, one value
 * per round. Rounds interleave the contenders, so the i-th values of two contenders were measured
 * side by side and their ratio is taken round by round, never across rounds.
 */
public final class Figure {
  private final String title;
  private final String unit;
  private final String baseline;
  private final boolean higherIsBetter;
  private final Map<String, List<Double>> samples = new LinkedHashMap<>();

  /**
   * @param title what is measured, e.g. {@code uncontended acquire+release}
   * @param unit the unit of the values, e.g. {@code cycles/s}
   * @param baseline the contender every other one is divided by
   * @param higherIsBetter whether a larger value is the better one (throughput) or not (time)
   */
  public Figure(String title, String unit, String baseline, boolean higherIsBetter) {
    this.title = title;
    this.unit = unit;
    this.baseline = baseline;
    this.higherIsBetter = higherIsBetter;
  }

  /** Records the value one contender reached in the next round it ran. */
  public synchronized void add(String contender, double value) {
    samples.computeIfAbsent(contender, c -> new ArrayList<>()).add(value);
  }

  /** What is measured. */
  public String title() {
    return title;
  }

  /** The unit of the values. */
  public String unit() {
    return unit;
  }

  /** The contender the ratios are taken against. */
  public String baseline() {
    return baseline;
  }

  /** Whether a larger value is the better one. */
  public boolean higherIsBetter() {
    return higherIsBetter;
  }

  /** The contenders measured, in the order they were first recorded. */
  public synchronized List<String> contenders() {
    return List.copyOf(samples.keySet());
  }

  /** The spread of one contender's values, empty when it was not measured. */
  public synchronized Optional<Spread> spread(String contender) {
    List<Double> values = samples.get(contender);
    return values == null ? Optional.empty() : Optional.of(Spread.of(values));
  }

  /**
   * The spread of {@code contender / against}, taken round by round; empty when either was not
   * measured.
   */
  public synchronized Optional<Spread> ratio(String contender, String against) {
    List<Double> top = samples.get(contender);
    List<Double> bottom = samples.get(against);
    if (top == null || bottom == null) {
      return Optional.empty();
    }
    int rounds = Math.min(top.size(), bottom.size());
    List<Double> ratios = new ArrayList<>(rounds);
    for (int round = 0; round < rounds; round++) {
      ratios.add(top.get(round) / bottom.get(round));
    }
    return ratios.isEmpty() ? Optional.empty() : Optional.of(Spread.of(ratios));
  }
}
