package dev.lockkey.benchmarks;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The order contenders run in within one round. */
final class Rounds {
  private Rounds() {}

  /**
   * {@code items} rotated by {@code round}, so that over the rounds every contender runs first,
   * last and in between, and none always follows the same neighbour's warm caches.
   */
  static <T> List<T> order(List<T> items, int round) {
    List<T> ordered = new ArrayList<>(items);
    Collections.rotate(ordered, -round);
    return ordered;
  }
}
