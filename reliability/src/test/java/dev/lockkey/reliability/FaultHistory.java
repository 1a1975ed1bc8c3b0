package dev.lockkey.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The checker of the randomized fault suite: what the workers recorded ({@link Hold}s), what the
 * fenced register took ({@link Write}s, per key in the register's order) and when the nemesis's
 * faults were in effect ({@link Nemesis.Window}s), and the properties that history must have.
 * Each check returns its violations, described for the failure message; none is the pass.
 */
final class FaultHistory {
  /**
   * One hold as a worker recorded it: the lock was held at least from {@code acquiredNanos} to
   * {@code releasingNanos}; {@code released} whether the release found it still held.
   */
  record Hold(int worker, int sku, long token, long acquiredNanos, long releasingNanos, boolean released,
      boolean accepted, String writer) {
    static Hold parse(int worker, String line) {
      String[] words = line.split(" ");
      if (words.length != 8 || !words[0].equals("HOLD")) {
        throw new IllegalArgumentException("not a HOLD line of 8 words: " + line);
      }
      return new Hold(worker, Integer.parseInt(words[1]), Long.parseLong(words[2]), Long.parseLong(words[3]),
          Long.parseLong(words[4]), Boolean.parseBoolean(words[5]), Boolean.parseBoolean(words[6]), words[7]);
    }
  }

  /** One write the register took: {@code accepted|refused token prev next writer}. */
  record Write(boolean accepted, long token, long prev, long next, String writer) {
    static Write parse(String entry) {
      String[] words = entry.split(" ");
      return new Write(words[0].equals("accepted"), Long.parseLong(words[1]), Long.parseLong(words[2]),
          Long.parseLong(words[3]), words[4]);
    }
  }

  private final List<Hold> holds;
  private final Map<Integer, List<Write>> writes;
  private final List<Nemesis.Window> faults;
  /** How long after a fault ends its effects may last: the lease time and a renewal's retry. */
  private final Duration aftermath;

  FaultHistory(List<Hold> holds, Map<Integer, List<Write>> writes, List<Nemesis.Window> faults, Duration aftermath) {
    this.holds = List.copyOf(holds);
    this.writes = new TreeMap<>(writes);
    this.faults = List.copyOf(faults);
    this.aftermath = aftermath;
  }

  /** No lost update: per key, each accepted write read what the accepted write before it wrote, and added one. */
  List<String> lostUpdates() {
    List<String> violations = new ArrayList<>();
    writes.forEach((sku, history) -> {
      long value = 0;
      for (Write write : history) {
        if (!write.accepted()) {
          continue;
        }
        if (write.prev() != value || write.next() != write.prev() + 1) {
          violations.add("key " + sku + ": " + write + " after the value " + value);
        }
        value = write.next();
      }
    });
    return violations;
  }

  /** Tokens never fall (per key, in the register's order of accepted writes) and never repeat (over all holds). */
  List<String> tokenOrder() {
    List<String> violations = new ArrayList<>();
    writes.forEach((sku, history) -> {
      long last = Long.MIN_VALUE;
      for (Write write : history) {
        if (write.accepted()) {
          if (write.token() <= last) {
            violations.add("key " + sku + ": accepted token " + write.token() + " after " + last);
          }
          last = write.token();
        }
      }
    });
    Set<String> seen = new HashSet<>();
    for (Hold hold : holds) {
      if (!seen.add(hold.sku() + "/" + hold.token())) {
        violations.add("key " + hold.sku() + ": token " + hold.token() + " held twice");
      }
    }
    return violations;
  }

  /**
   * No overlap between two holds of a key that were valid (the release found the lease still held)
   * and that no fault touched, neither their worker's nor the store's, from {@link #aftermath}
   * before the acquisition to the release.
   */
  List<String> overlaps() {
    List<Hold> clean = cleanHolds();
    List<String> violations = new ArrayList<>();
    Map<Integer, List<Hold>> byKey = new TreeMap<>();
    clean.forEach(hold -> byKey.computeIfAbsent(hold.sku(), sku -> new ArrayList<>()).add(hold));
    byKey.forEach((sku, keyHolds) -> {
      keyHolds.sort(Comparator.comparingLong(Hold::acquiredNanos));
      Hold longest = null; // of the holds so far, the one that ended last
      for (Hold hold : keyHolds) {
        if (longest != null && longest.releasingNanos() > hold.acquiredNanos()) {
          violations.add("key " + sku + ": " + longest + " and " + hold);
        }
        if (longest == null || hold.releasingNanos() > longest.releasingNanos()) {
          longest = hold;
        }
      }
    });
    return violations;
  }

  /**
   * Progress: no window longer than {@code bound} without an acquisition, between the first and
   * the last, unless the store was faulted in it (or its {@link #aftermath} ran).
   */
  List<String> stalls(Duration bound) {
    List<Long> acquisitions = holds.stream().map(Hold::acquiredNanos).sorted().toList();
    List<String> violations = new ArrayList<>();
    for (int i = 1; i < acquisitions.size(); i++) {
      long from = acquisitions.get(i - 1);
      long to = acquisitions.get(i);
      if (to - from > bound.toNanos() && faults.stream().noneMatch(fault -> fault.kind().onStore()
          && fault.startNanos() <= to && fault.endNanos() + aftermath.toNanos() >= from)) {
        violations.add("no acquisition for " + Duration.ofNanos(to - from).toMillis() + " ms with only a worker faulted");
      }
    }
    return violations;
  }

  /** The holds that were valid and untouched by a fault (see {@link #overlaps()}). */
  List<Hold> cleanHolds() {
    return holds.stream()
        .filter(hold -> hold.released() && faults.stream().noneMatch(
            fault -> fault.touches(hold.worker(), hold.acquiredNanos() - aftermath.toNanos(), hold.releasingNanos())))
        .toList();
  }

  /** How many holds there were. */
  int holds() {
    return holds.size();
  }

  /** How many writes the register accepted ({@code true}) or refused ({@code false}). */
  long writes(boolean accepted) {
    return writes.values().stream().flatMap(List::stream).filter(write -> write.accepted() == accepted).count();
  }

  /** How many refused writes came from holds that no fault touched: leases that ran out under load alone. */
  long refusedOutsideFaults() {
    Set<String> clean = new HashSet<>();
    cleanHolds().forEach(hold -> clean.add(hold.writer() + "/" + hold.token()));
    return writes.values().stream().flatMap(List::stream)
        .filter(write -> !write.accepted() && clean.contains(write.writer() + "/" + write.token())).count();
  }
}
