package dev.lockkey.examples;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An in-memory stand-in for an account table whose transfers read and then write two balances:
 * unsafe unless a lock keeps transfers on the same accounts apart. It counts how many transfers
 * ran at once, which the locks must keep at one. Thread-safe as a counter, not as a bank.
 */
final class Accounts {
  private final Map<Long, Long> balances = new ConcurrentHashMap<>();
  private final AtomicInteger running = new AtomicInteger();
  private final AtomicInteger mostAtOnce = new AtomicInteger();
  private final AtomicInteger transfers = new AtomicInteger();

  /** Accounts with these ids, each holding {@code balance}. */
  Accounts(long balance, long... ids) {
    for (long id : ids) {
      balances.put(id, balance);
    }
  }

  /** Moves {@code amount} from one balance to the other: a read, then a write, like an unguarded SQL update. */
  void transfer(long from, long to, long amount) {
    mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
    try {
      long fromBalance = balances.get(from);
      long toBalance = balances.get(to);
      Thread.yield(); // invites a concurrent transfer into the gap, should the lock fail
      balances.put(from, fromBalance - amount);
      balances.put(to, toBalance + amount);
      transfers.incrementAndGet();
    } finally {
      running.decrementAndGet();
    }
  }

  /** The sum of all balances: transfers never change it unless two overlapped. */
  long total() {
    return balances.values().stream().mapToLong(Long::longValue).sum();
  }

  /** The most transfers that ever ran at the same time. */
  int mostAtOnce() {
    return mostAtOnce.get();
  }

  /** How many transfers completed. */
  int transfers() {
    return transfers.get();
  }
}
