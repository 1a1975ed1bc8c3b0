package dev.lockkey.examples;

import dev.lockkey.examples.specs.PaymentCaptureKey;
import dev.lockkey.lock.Lease;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * Section 2: workers on separate servers race to capture the payment of one order. Exactly one
 * wins; the others, waiting their turn, each receive a higher fencing token than every holder
 * before them.
 */
final class OrderRace {
  static final int WORKERS = 5;

  private OrderRace() {}

  /**
   * One worker's try at the free-for-all.
   *
   * @param worker the worker's name
   * @param won whether it took the lock
   * @param ownerToken its owner token, abbreviated, when it won
   * @param fencingToken its fencing token when it won, else 0
   */
  record Attempt(String worker, boolean won, String ownerToken, long fencingToken) {}

  /**
   * What the section showed.
   *
   * @param attempts every worker's try, by worker name
   * @param tokensInTurn the fencing tokens of every holder, in the order they held the lock
   */
  record Result(List<Attempt> attempts, List<Long> tokensInTurn) implements SectionResult {
    /** How many workers took the lock in the race. */
    long winners() {
      return attempts.stream().filter(Attempt::won).count();
    }

    /** Whether every holder's fencing token is higher than the one before. */
    boolean tokensRise() {
      for (int i = 1; i < tokensInTurn.size(); i++) {
        if (tokensInTurn.get(i) <= tokensInTurn.get(i - 1)) {
          return false;
        }
      }
      return tokensInTurn.size() == attempts.size();
    }

    @Override
    public String section() {
      return "race";
    }

    @Override
    public String claim() {
      return "one of " + WORKERS + " workers wins; tokens rise";
    }

    @Override
    public String shown() {
      return winners() + " winner, " + (tokensInTurn.size() - 1) + " turns, tokens rising";
    }

    @Override
    public boolean holds() {
      return winners() == 1 && tokensRise();
    }
  }

  /** Runs the race and the turns that follow, and tells who won with which tokens. */
  static Result run(DemoRedis redis, Narration say) {
    say.heading("2. " + WORKERS + " workers race to capture order 98765, each with its own client and executor");
    PaymentCaptureKey order = PaymentCaptureKey.of("acme", 98765);
    CountDownLatch ready = new CountDownLatch(WORKERS);
    CountDownLatch allTried = new CountDownLatch(WORKERS);
    List<Attempt> attempts = Collections.synchronizedList(new ArrayList<>());
    List<Long> tokensInTurn = Collections.synchronizedList(new ArrayList<>());

    List<Runnable> workers = new ArrayList<>();
    for (int i = 1; i <= WORKERS; i++) {
      String name = "worker-" + i;
      workers.add(() -> {
        try (Worker worker = Worker.start(name, redis)) {
          ready.countDown();
          Threads.await(ready); // everyone is up: the race starts together
          Optional<Lease> won = worker.locks().tryAcquire(order);
          attempts.add(won.map(lease -> new Attempt(name, true, Narration.abbreviate(lease.ownerToken()),
              lease.fencingToken())).orElse(new Attempt(name, false, "", 0)));
          allTried.countDown();
          if (won.isPresent()) {
            try (Lease lease = won.get()) {
              tokensInTurn.add(lease.fencingToken());
              Threads.await(allTried); // hold on until every rival has tried, so the race has one winner
            }
          } else {
            Threads.await(allTried); // the losers queue only after the race is decided
            try (Lease lease = worker.locks().acquire(order)) { // waits for the holder's release
              tokensInTurn.add(lease.fencingToken());
            }
          }
        }
      });
    }
    Threads.runAll(workers);

    List<Attempt> byWorker = attempts.stream().sorted(Comparator.comparing(Attempt::worker)).toList();
    for (Attempt attempt : byWorker) {
      if (attempt.won()) {
        say.line("%-9s WON    owner token %s  fencing token %d", attempt.worker(), attempt.ownerToken(),
            attempt.fencingToken());
      } else {
        say.line("%-9s lost   held by another worker", attempt.worker());
      }
    }
    Result result = new Result(byWorker, List.copyOf(tokensInTurn));
    say.line("then the losers wait their turn (acquire); fencing tokens in the order they held the lock:");
    List<String> tokens = tokensInTurn.stream().map(String::valueOf).toList();
    say.line("  %s", String.join(result.tokensRise() ? " < " : ", ", tokens));
    return result;
  }
}
