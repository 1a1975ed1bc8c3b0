package dev.lockkey.benchmarks.report;

import java.util.Arrays;
import java.util.List;

/**
 * The median of repeated measurements of one figure, with the lowest and highest value seen: on a
 * shared machine the spread says as much as the median.
 *
 * @param median the median (the mean of the two middle values for an even count)
 * @param min the lowest value
 * @param max the highest value
 * @param count how many values
 */
public record Spread(double median, double min, double max, int count) {

  /**
   * The spread of {@code values}.
   *
   * @throws IllegalArgumentException when {@code values} is empty
   */
  public static Spread of(List<Double> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("no values");
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(sorted);
    int n = sorted.length;
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    return new Spread(median, sorted[0], sorted[n - 1], n);
  }
}
