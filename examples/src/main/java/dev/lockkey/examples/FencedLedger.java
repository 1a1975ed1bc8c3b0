package dev.lockkey.examples;

import java.util.ArrayList;
import java.util.List;

/**
 * A resource guarded by fencing tokens, standing in for a database table with a "last token"
 * column: it refuses a write whose token is lower than one it has accepted. That is what keeps a
 * holder whose lease ran out (a GC pause, a network partition) from overwriting the work of the
 * next holder, which the lock alone cannot prevent. Thread-safe.
 */
final class FencedLedger {
  private final List<String> entries = new ArrayList<>();
  private long highestToken = Long.MIN_VALUE;

  /**
   * Records {@code entry} unless a write with a higher fencing token came first.
   *
   * @return whether the entry was recorded
   */
  synchronized boolean write(long fencingToken, String entry) {
    if (fencingToken < highestToken) {
      return false;
    }
    highestToken = fencingToken;
    entries.add(entry);
    return true;
  }

  /** The entries recorded, oldest first. */
  synchronized List<String> entries() {
    return List.copyOf(entries);
  }
}
