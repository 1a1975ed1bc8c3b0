package dev.lockkey.examples;

import dev.lockkey.LockKey;
import dev.lockkey.examples.specs.AccountBalanceKey;
import dev.lockkey.examples.specs.AccountTransferKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.MultiLease;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Section 4: transfers between accounts 1001 and 9008 in both directions at once, on two servers,
 * locked two ways: one {@code @Unordered} pair key, and both accounts' balance keys taken
 * together in whatever order the caller lists them. Either way the transfers never overlap and
 * never deadlock.
 */
final class TransferBothWays {
  static final int ROUNDS = 25;
  static final long OPENING_BALANCE = 1_000;
  private static final long A = 1001;
  private static final long B = 9008;

  private TransferBothWays() {}

  /**
   * What one way of locking showed.
   *
   * @param transfers how many transfers completed (2 x {@link #ROUNDS} expected)
   * @param mostAtOnce the most transfers that ran at the same time (1 expected)
   * @param total the sum of both balances afterwards (2 x {@link #OPENING_BALANCE} expected)
   */
  record Outcome(int transfers, int mostAtOnce, long total) {
    boolean safe() {
      return transfers == 2 * ROUNDS && mostAtOnce == 1 && total == 2 * OPENING_BALANCE;
    }

    @Override
    public String toString() {
      return transfers + " transfers, at most " + mostAtOnce + " at once, total " + total;
    }
  }

  /**
   * What the section showed.
   *
   * @param pairKey transfers under the one {@code AccountTransfer} key of both directions
   * @param balanceKeys transfers under both {@code AccountBalance} keys, listed in opposite orders
   * @param lockOrder the full keys that {@code acquireAll} locked, in the order it locked them
   */
  record Result(Outcome pairKey, Outcome balanceKeys, List<String> lockOrder) implements SectionResult {
    @Override
    public String section() {
      return "transfer";
    }

    @Override
    public String claim() {
      return "A->B, B->A: no overlap, no deadlock";
    }

    @Override
    public String shown() {
      return (pairKey.transfers() + balanceKeys.transfers()) + " transfers, at most "
          + Math.max(pairKey.mostAtOnce(), balanceKeys.mostAtOnce()) + " at once";
    }

    @Override
    public boolean holds() {
      return pairKey.safe() && balanceKeys.safe();
    }
  }

  /** Runs the transfers in both directions under each kind of lock and tells what the ledger saw. */
  static Result run(DemoRedis redis, Narration say) {
    say.heading("4. Transfers " + A + "->" + B + " and " + B + "->" + A + " at once, "
        + ROUNDS + " each, on two servers");

    Accounts viaPair = new Accounts(OPENING_BALANCE, A, B);
    bothWays(redis, (worker, from, to) -> {
      // Set.of(from, to) has no order of its own; @Unordered renders one key for both directions
      worker.locks().withLock(AccountTransferKey.of("acme", Set.of(from, to)), lease -> {
        viaPair.transfer(from, to, 10);
        return null;
      });
    });
    Outcome pairKey = new Outcome(viaPair.transfers(), viaPair.mostAtOnce(), viaPair.total());
    say.line("one pair key %s:", AccountTransferKey.of("acme", Set.of(A, B)).canonical());
    say.line("    %s", pairKey);

    Accounts viaBalances = new Accounts(OPENING_BALANCE, A, B);
    AtomicReference<List<String>> lockOrder = new AtomicReference<>();
    bothWays(redis, (worker, from, to) -> {
      // each caller lists its own account first; acquireAll locks them in one canonical order
      List<LockKey> both = List.of(AccountBalanceKey.of("acme", from), AccountBalanceKey.of("acme", to));
      try (MultiLease leases = worker.locks().acquireAll(both)) {
        lockOrder.compareAndSet(null, leases.leases().stream().map(Lease::fullKey).toList());
        viaBalances.transfer(from, to, 10);
      }
    });
    Outcome balanceKeys = new Outcome(viaBalances.transfers(), viaBalances.mostAtOnce(), viaBalances.total());
    say.line("both balance keys, listed from->to by each side, taken together by acquireAll in one order:");
    say.line("    %s", String.join(" then ", lockOrder.get()));
    say.line("    %s", balanceKeys);
    return new Result(pairKey, balanceKeys, lockOrder.get());
  }

  /** One transfer, done by a worker under some lock. */
  @FunctionalInterface
  private interface Transfer {
    void run(Worker worker, long from, long to);
  }

  /** Two servers at once: one transfers A->B {@link #ROUNDS} times, the other B->A. */
  private static void bothWays(DemoRedis redis, Transfer transfer) {
    Threads.runAll(List.of(
        () -> repeat(redis, "server-1", A, B, transfer),
        () -> repeat(redis, "server-2", B, A, transfer)));
  }

  private static void repeat(DemoRedis redis, String name, long from, long to, Transfer transfer) {
    try (Worker worker = Worker.start(name, redis)) {
      for (int i = 0; i < ROUNDS; i++) {
        transfer.run(worker, from, to);
      }
    }
  }
}
