package dev.lockkey.examples;

import dev.lockkey.examples.specs.PaymentCaptureKey;
import dev.lockkey.examples.specs.PaymentCaptureV2Key;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.lock.MultiLease;
import dev.lockkey.rollout.VersionRollout;
import java.time.Duration;
import java.util.List;

/**
 * Section 8: rolling out version 2 of the payment capture spec. Version 2 renders another key for
 * the same order, so a v2 server locking only its own key would get in beside a v1 server. During
 * the rollout v2 servers lock both keys, and v1 and v2 servers exclude each other.
 */
final class PaymentRollout {
  static final int ROUNDS = 20;
  /** For the attempts that must not wait: they show who would get in. */
  private static final LockOptions NO_WAIT = LockOptions.builder().waitTime(Duration.ZERO).build();

  private PaymentRollout() {}

  /**
   * What the section showed.
   *
   * @param currentOnlyGotIn whether a v2 server locking only its own key got in while a v1 server held the order
   * @param bothGotIn whether a v2 server locking both keys got in while a v1 server held the order
   * @param bothLocked the full keys a v2 server locking both holds, in the order taken
   * @param v1Token the v1 server's fencing token
   * @param v2Token the fencing token the v2 server's work received afterwards
   * @param rounds how many captures v1 and v2 servers then made at once
   * @param mostAtOnce the most captures that ran at the same time (1 expected)
   */
  record Result(boolean currentOnlyGotIn, boolean bothGotIn, List<String> bothLocked, long v1Token, long v2Token,
      int rounds, int mostAtOnce) implements SectionResult {
    @Override
    public String section() {
      return "rollout";
    }

    @Override
    public String claim() {
      return "v1 and v2 servers exclude each other";
    }

    @Override
    public String shown() {
      return rounds + " captures, at most " + mostAtOnce + " at once";
    }

    @Override
    public boolean holds() {
      return currentOnlyGotIn && !bothGotIn && bothLocked.size() == 2 && v1Token < v2Token
          && rounds == 2 * ROUNDS && mostAtOnce == 1;
    }
  }

  /** Shows who gets in beside a v1 holder in each rollout mode, then runs v1 and v2 servers at once. */
  static Result run(DemoRedis redis, Narration say) {
    say.heading("8. Rollout: v2 of PaymentCapture adds the ledger; v1 servers still run");
    PaymentCaptureKey v1Key = PaymentCaptureKey.of("acme", 98765);
    PaymentCaptureV2Key v2Key = PaymentCaptureV2Key.of("acme", "eu-main", 98765);
    try (Worker v1 = Worker.start("v1-server", redis); Worker v2 = Worker.start("v2-server", redis)) {
      VersionRollout currentOnly = VersionRollout.lockingCurrentOnly(v2.locks());
      VersionRollout both = VersionRollout.lockingBoth(v2.locks());

      long v1Token;
      boolean currentOnlyGotIn;
      boolean bothGotIn;
      try (Lease v1Lease = v1.locks().acquire(v1Key)) {
        v1Token = v1Lease.fencingToken();
        say.line("v1-server holds %s", v1Lease.fullKey());
        currentOnlyGotIn = gotIn(currentOnly, v2Key, v1Key);
        say.line("a v2 server locking only %s: %s", v2Key.canonical(),
            currentOnlyGotIn ? "got in beside v1: two captures at once" : "kept out");
        bothGotIn = gotIn(both, v2Key, v1Key);
        say.line("a v2 server locking both keys (lockingBoth): %s", bothGotIn ? "GOT IN" : "kept out, waits for v1");
      }

      long v2Token;
      List<String> bothLocked;
      try (MultiLease leases = both.acquire(v2Key, v1Key, LockOptions.defaults())) {
        bothLocked = leases.leases().stream().map(Lease::fullKey).toList();
        v2Token = leases.lease(v1Key).fencingToken(); // what withLock hands the work while both are locked
      }
      say.line("after v1's release, v2 takes both, all or none: %s", String.join(" + ", bothLocked));
      say.line("its work gets the v1 key's fencing token, continuing v1's sequence: %d < %d", v1Token, v2Token);

      OverlapCounter captures = new OverlapCounter();
      Threads.runAll(List.of(
          () -> repeat(() -> v1.locks().withLock(v1Key, lease -> {
            captures.inside(Thread::yield);
            return null;
          })),
          () -> repeat(() -> both.withLock(v2Key, v1Key, LockOptions.defaults(), lease -> {
            captures.inside(Thread::yield);
            return null;
          }))));
      say.line("then v1 and v2 capture %d times each at once: at most %d inside", ROUNDS, captures.mostAtOnce());
      return new Result(currentOnlyGotIn, bothGotIn, bothLocked, v1Token, v2Token, captures.completed(),
          captures.mostAtOnce());
    }
  }

  /** Whether the rollout mode lets a v2 server in right now; releases at once if so. */
  private static boolean gotIn(VersionRollout rollout, PaymentCaptureV2Key current, PaymentCaptureKey previous) {
    try (MultiLease leases = rollout.acquire(current, previous, NO_WAIT)) {
      return !leases.isLost();
    } catch (LockTimeoutException heldByV1) {
      return false;
    }
  }

  private static void repeat(Runnable capture) {
    for (int i = 0; i < ROUNDS; i++) {
      capture.run();
    }
  }
}
