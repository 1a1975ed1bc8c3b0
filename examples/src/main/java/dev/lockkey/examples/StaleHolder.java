package dev.lockkey.examples;

import dev.lockkey.examples.specs.DailySettlementKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import java.time.Duration;
import java.time.LocalDate;

/**
 * Section 3: a holder stalls past its lease. The next holder takes over with a higher fencing
 * token; the stale holder's release changes nothing in Redis, and its late write is refused by
 * the resource that checks fencing tokens.
 */
final class StaleHolder {
  /** Short, so that the demo need not wait long for it to run out. */
  static final Duration SHORT_LEASE = Duration.ofMillis(300);

  private StaleHolder() {}

  /**
   * What the section showed.
   *
   * @param staleToken the stale holder's fencing token
   * @param newToken the next holder's fencing token
   * @param staleReleaseChangedSomething what the stale holder's {@code release()} returned
   * @param staleLost whether the stale holder's lease then reported itself lost
   * @param newHolderKept whether Redis still held the next holder's owner token after that release
   * @param staleWriteAccepted whether the ledger accepted the stale holder's late write
   */
  record Result(long staleToken, long newToken, boolean staleReleaseChangedSomething, boolean staleLost,
      boolean newHolderKept, boolean staleWriteAccepted) implements SectionResult {
    @Override
    public String section() {
      return "stale holder";
    }

    @Override
    public String claim() {
      return "an expired holder changes nothing";
    }

    @Override
    public String shown() {
      return "release() " + staleReleaseChangedSomething + ", " + (staleToken < newToken ? "lower" : "HIGHER")
          + " token " + (staleWriteAccepted ? "accepted" : "refused");
    }

    @Override
    public boolean holds() {
      return !staleReleaseChangedSomething && staleLost && newHolderKept && staleToken < newToken
          && !staleWriteAccepted;
    }
  }

  /** Plays the stall on two nodes, one after the other, and tells what each call returned. */
  static Result run(DemoRedis redis, Narration say) {
    say.heading("3. A stale holder: node-a stalls past its lease while settling merchant m-2041's day");
    DailySettlementKey day = DailySettlementKey.of("m-2041", LocalDate.of(2026, 4, 20));
    FencedLedger ledger = new FencedLedger();
    try (Worker nodeA = Worker.start("node-a", redis); Worker nodeB = Worker.start("node-b", redis)) {
      Lease stale = nodeA.locks().acquire(day, LockOptions.builder().leaseTime(SHORT_LEASE).build());
      say.line("node-a  acquired, lease %d ms, no renewal, fencing token %d; then it stalls (a long GC pause)",
          SHORT_LEASE.toMillis(), stale.fencingToken());

      // acquire waits for the holder: here until node-a's lease runs out in Redis
      try (Lease current = nodeB.locks().acquire(day)) {
        say.line("node-b  waited until that lease ran out, acquired: fencing token %d, owner token %s",
            current.fencingToken(), Narration.abbreviate(current.ownerToken()));
        ledger.write(current.fencingToken(), "settled by node-b");

        boolean released = stale.release(); // checks the owner token in Redis: not node-a's any more
        boolean kept = current.ownerToken().equals(nodeB.client().get(current.fullKey()));
        say.line("node-a  wakes up: release() returns %s, isLost() %s; Redis still holds owner token %s of node-b: %s",
            released, stale.isLost(), Narration.abbreviate(current.ownerToken()), kept);

        boolean staleWrite = ledger.write(stale.fencingToken(), "settled by node-a");
        say.line("ledger  took node-b's write (token %d), %s node-a's late write (token %d); entries: %s",
            current.fencingToken(), staleWrite ? "ACCEPTED" : "refused", stale.fencingToken(), ledger.entries());
        return new Result(stale.fencingToken(), current.fencingToken(), released, stale.isLost(), kept, staleWrite);
      }
    }
  }
}
