package dev.lockkey.examples;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An in-memory stand-in for an account table whose transfers read and then write two balances:
 * unsafe unless a lock keeps transfers on the same accounts apart. It counts how many transfers
 * ran at once, which the locks must keep at one.
 */
final class Accounts {
  private final Map<Long, Long> balances = new ConcurrentHashMap<>();
  private final OverlapCounter transfers = new OverlapCounter();

  /** Accounts with these ids, each holding {@code balance}. */
  Accounts(long balance, long... ids) {
    for (long id : ids) {
      balances.put(id, balance);
    }
  }

  /** Moves {@code amount} from one balance to the other: a read, then a write, like an unguarded SQL update. */
  void transfer(long from, long to, long amount) {
    transfers.inside(() -> {
      long fromBalance = balances.get(from);
      long toBalance = balances.get(to);
      Thread.yield(); // invites a concurrent transfer into the gap, should the lock fail
      balances.put(from, fromBalance - amount);
      balances.put(to, toBalance + amount);
    });
  }

  /** The sum of all balances: transfers never change it unless two overlapped. */
  long total() {
    return balances.values().stream().mapToLong(Long::longValue).sum();
  }

  /** The most transfers that ever ran at the same time. */
  int mostAtOnce() {
    return transfers.mostAtOnce();
  }

  /** How many transfers completed. */
  int transfers() {
    return transfers.completed();
  }
}
