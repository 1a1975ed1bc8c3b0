package dev.lockkey.reliability;

import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** What the threads of one load worker counted, reported as one {@code RESULT} line. Thread-safe. */
final class LoadTally {
  private final LongAdder acquisitions = new LongAdder();
  private final LongAdder contended = new LongAdder();
  private final LongAdder overlaps = new LongAdder();
  private final LongAdder accepted = new LongAdder();
  private final LongAdder rejected = new LongAdder();
  private final LongAdder staleAccepted = new LongAdder();
  private final LongAdder released = new LongAdder();
  private final LongAdder lost = new LongAdder();
  private final LongAdder unaccounted = new LongAdder();
  private final LongAdder timeouts = new LongAdder();
  private final LongAdder errors = new LongAdder();

  void acquired() {
    acquisitions.increment();
  }

  /** An acquisition found the lock held, here or in another process, and had to wait. */
  void contended() {
    contended.increment();
  }

  void overlapped() {
    overlaps.increment();
  }

  void timedOut() {
    timeouts.increment();
  }

  /** A fenced write with {@code token}: accepted or rejected, and whether the store contradicted itself. */
  void wrote(FencedStore.Write write, long token) {
    if (!write.accepted()) {
      rejected.increment();
    } else {
      accepted.increment();
      if (token <= write.previous()) {
        staleAccepted.increment();
      }
    }
  }

  /** Releases {@code lease} and counts how it ended: released, found lost (expired), or neither. */
  void release(Lease lease) {
    try {
      if (lease.release()) {
        released.increment();
      } else if (lease.isLost()) {
        lost.increment();
      } else {
        unaccounted.increment();
      }
    } catch (LockException e) {
      unaccounted.increment();
      failed(e);
    }
  }

  /** An unexpected failure: counted, and told on standard error (messages hold no secrets). */
  void failed(RuntimeException e) {
    errors.increment();
    System.err.println("load worker: " + e);
  }

  ReportLine report() {
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("acquisitions", acquisitions.sum());
    counts.put("contended", contended.sum());
    counts.put("overlaps", overlaps.sum());
    counts.put("accepted", accepted.sum());
    counts.put("rejected", rejected.sum());
    counts.put("staleAccepted", staleAccepted.sum());
    counts.put("released", released.sum());
    counts.put("lost", lost.sum());
    counts.put("unaccounted", unaccounted.sum());
    counts.put("timeouts", timeouts.sum());
    counts.put("errors", errors.sum());
    return ReportLine.of("RESULT", counts);
  }
}
