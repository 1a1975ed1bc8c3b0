package dev.lockkey.internal.store;

import dev.lockkey.lock.Lease;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Lets one thread of the executor at a time work on a key: the one that polls the store for it,
 * then holds its lease until the lease ends. The executor's other threads that want the key wait
 * here, at no cost in requests, and the first of them to wake after the lease ended tries
 * the store. A lease that ran out without ending (leaked, or its thread stuck) stops blocking the
 * gate once its lease time is over, as it stopped blocking the store. Entries exist only while a
 * thread is inside or waiting. Not API. Thread-safe.
 */
public final class LocalGate {
  private final ConcurrentHashMap<String, Entry> entries = new ConcurrentHashMap<>();

  /** Why {@link #enter} let the caller in or not. */
  public enum Outcome {
    /** The caller is inside: it must {@link #hold} a lease or {@link #leave}. */
    ENTERED,
    /** Another thread of the executor is inside, and the caller would not wait. */
    BUSY,
    /** Another thread of the executor stayed inside until the deadline. */
    TIMED_OUT
  }

  /**
   * Enters the gate of {@code fullKey}, waiting until {@code deadlineNanos} when {@code wait}.
   *
   * @throws InterruptedException when interrupted while waiting (the caller is not inside)
   */
  public Outcome enter(String fullKey, long deadlineNanos, boolean wait) throws InterruptedException {
    Entry entry = entries.compute(fullKey, (key, current) -> {
      Entry joined = current != null ? current : new Entry();
      joined.users++;
      return joined;
    });
    boolean inside = false;
    try {
      synchronized (entry) {
        while (entry.occupied && !entry.holderRanOut()) {
          long leftNanos = deadlineNanos - System.nanoTime();
          if (!wait || leftNanos <= 0) {
            return wait ? Outcome.TIMED_OUT : Outcome.BUSY;
          }
          TimeUnit.NANOSECONDS.timedWait(entry, Math.min(leftNanos, entry.holderLeftNanos()));
        }
        if (entry.occupied) {
          entry.users--; // the lease inside ran out unended: its thread's use of the gate is over
        }
        entry.occupied = true;
        entry.holder = null;
        inside = true;
        return Outcome.ENTERED;
      }
    } finally {
      if (!inside) {
        forget(fullKey, entry);
      }
    }
  }

  /** The thread inside the gate of {@code fullKey} took {@code lease}: the gate opens when the lease ends. */
  public void hold(String fullKey, Lease lease) {
    Entry entry = entries.get(fullKey);
    synchronized (entry) {
      entry.holder = lease;
      entry.notifyAll(); // waiters now wait at most until this lease runs out
    }
  }

  /** The thread inside the gate of {@code fullKey} leaves it without a lease. */
  public void leave(String fullKey) {
    open(fullKey, null);
  }

  /** {@code lease} ended (released or lost): its gate opens unless someone passed it already. */
  public void ended(Lease lease) {
    open(lease.fullKey(), lease);
  }

  /** How many keys have a thread inside or waiting: what the gate keeps in memory. */
  public int keys() {
    return entries.size();
  }

  private void open(String fullKey, Lease lease) {
    Entry entry = entries.get(fullKey);
    if (entry == null) {
      return;
    }
    synchronized (entry) {
      if (entry.holder != lease) {
        return; // the gate was passed on after this lease ran out; it is someone else's now
      }
      entry.occupied = false;
      entry.holder = null;
      entry.notifyAll(); // the first waiter to wake enters; the others wait again
    }
    forget(fullKey, entry);
  }

  private void forget(String fullKey, Entry entry) {
    entries.computeIfPresent(fullKey, (key, current) -> {
      if (current != entry) {
        return current;
      }
      synchronized (entry) {
        return --entry.users == 0 ? null : entry;
      }
    });
  }

  /** The gate of one key; guarded by its own monitor. */
  private static final class Entry {
    int users; // threads inside or waiting: the entry goes when none is left
    boolean occupied;
    Lease holder; // null while the thread inside polls

    boolean holderRanOut() {
      return holder != null && holder.remainingNanos() <= 0;
    }

    long holderLeftNanos() {
      return holder == null ? Long.MAX_VALUE : holder.remainingNanos() + 1;
    }
  }
}
