package dev.lockkey.benchmarks.rate;

/**
 * A histogram of call times in nanoseconds, 16 buckets per power of two (about 6 % apart), so that
 * millions of local decisions cost no allocation. One per thread; merged after the run.
 */
final class Latencies {
  private static final int SUB_BUCKETS = 16;
  private final long[] counts = new long[64 * SUB_BUCKETS];
  private long total;

  void record(long nanos) {
    long value = Math.max(nanos, 1);
    int exponent = 63 - Long.numberOfLeadingZeros(value);
    int shift = Math.max(exponent - 4, 0);
    int mantissa = (int) ((value >>> shift) & (SUB_BUCKETS - 1));
    counts[exponent * SUB_BUCKETS + mantissa]++;
    total++;
  }

  /** The counts as one line, for a worker JVM's tally file. */
  String encode() {
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < counts.length; i++) {
      if (counts[i] != 0) {
        line.append(i).append(':').append(counts[i]).append(' ');
      }
    }
    return line.toString().strip();
  }

  /** The histogram that {@link #encode()} wrote. */
  static Latencies decode(String line) {
    Latencies latencies = new Latencies();
    for (String cell : line.isBlank() ? new String[0] : line.split(" ")) {
      int colon = cell.indexOf(':');
      long count = Long.parseLong(cell.substring(colon + 1));
      latencies.counts[Integer.parseInt(cell.substring(0, colon))] += count;
      latencies.total += count;
    }
    return latencies;
  }

  void add(Latencies other) {
    for (int i = 0; i < counts.length; i++) {
      counts[i] += other.counts[i];
    }
    total += other.total;
  }

  /** The value at {@code quantile} (0 to 1), in nanoseconds: the upper edge of its bucket. */
  double percentile(double quantile) {
    if (total == 0) {
      return Double.NaN;
    }
    long rank = Math.max(1, (long) Math.ceil(quantile * total));
    long seen = 0;
    for (int i = 0; i < counts.length; i++) {
      seen += counts[i];
      if (seen >= rank) {
        return upperEdge(i);
      }
    }
    return upperEdge(counts.length - 1);
  }

  private static double upperEdge(int bucket) {
    int exponent = bucket / SUB_BUCKETS;
    int mantissa = bucket % SUB_BUCKETS;
    if (exponent < 4) {
      return exponent == 0 ? 1 : (1L << exponent) | mantissa;
    }
    return (double) ((SUB_BUCKETS | mantissa) + 1) * (1L << (exponent - 4)) - 1;
  }
}
