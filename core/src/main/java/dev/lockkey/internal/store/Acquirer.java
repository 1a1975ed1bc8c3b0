package dev.lockkey.internal.store;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.internal.OwnerTokens;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockInterruptedException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;

/**
 * Takes one lock: first the key's {@link LocalGate} (one thread of the executor per key talks to
 * the store or holds the lease; the others wait there without requests), then one conditional
 * write, and when the lock is held by another process and the caller waits, another after each
 * {@link PollingBackoff} pause (ended early by the store's {@link ReleaseWatch}) until the wait
 * time is over (a last attempt at its end). The attempts of one acquisition share one owner
 * token. Thread-safe.
 */
final class Acquirer {
  private final Keyspace keyspace;
  private final LeaseStore store;
  private final StoreLeaseControl control;
  private final LocalGate gate;
  private final LockListener listener;
  private final long maxPollNanos;

  Acquirer(Keyspace keyspace, LeaseStore store, StoreLeaseControl control, LocalGate gate,
      LockListener listener, long maxPollNanos) {
    this.keyspace = keyspace;
    this.store = store;
    this.control = control;
    this.gate = gate;
    this.listener = listener;
    this.maxPollNanos = maxPollNanos;
  }

  /**
   * Takes the lock of {@code key}.
   *
   * @param wait whether to wait until {@code deadlineNanos} ({@link System#nanoTime()}) for a held lock
   * @return the lease, its watchdog started; {@code null} when the lock is held and {@code wait} is false
   * @throws LockTimeoutException when the lock stayed held until the deadline
   * @throws LockInterruptedException when the thread was interrupted while waiting
   * @throws LockException when the store failed
   */
  Lease acquire(LockKey key, LockOptions options, long startNanos, long deadlineNanos, boolean wait) {
    String fullKey = keyspace.fullKey(options.purpose(), key);
    boolean contended = false;
    LocalGate.Outcome outcome = enter(fullKey, deadlineNanos, false);
    if (outcome == LocalGate.Outcome.BUSY) {
      listener.onContended(key); // a thread of this executor holds or is taking the lock
      contended = true;
      outcome = wait ? enter(fullKey, deadlineNanos, true) : outcome;
    }
    if (outcome != LocalGate.Outcome.ENTERED) {
      return outcome == LocalGate.Outcome.BUSY ? null : timedOut(key, fullKey, options, startNanos);
    }
    try {
      Lease lease = poll(key, fullKey, options, startNanos, deadlineNanos, wait, contended);
      if (lease == null) {
        gate.leave(fullKey);
      }
      return lease;
    } catch (RuntimeException | Error e) {
      gate.leave(fullKey);
      throw e;
    }
  }

  /** Tries the store, and again after each pause while waiting; the caller is inside the key's gate. */
  private Lease poll(LockKey key, String fullKey, LockOptions options, long startNanos, long deadlineNanos,
      boolean wait, boolean contendedBefore) {
    try (ReleaseWatch watch = wait ? store.watch(fullKey) : ReleaseWatch.SLEEP) {
      return poll(key, fullKey, options, startNanos, deadlineNanos, wait, contendedBefore, watch);
    }
  }

  private Lease poll(LockKey key, String fullKey, LockOptions options, long startNanos, long deadlineNanos,
      boolean wait, boolean contendedBefore, ReleaseWatch watch) {
    String owner = OwnerTokens.next();
    PollingBackoff backoff = new PollingBackoff(maxPollNanos);
    boolean contended = contendedBefore;
    while (true) {
      long sentAtNanos = System.nanoTime();
      StoreAttempt result = attempt(key, fullKey, owner, options);
      if (result instanceof StoreAttempt.Granted granted) {
        Lease lease = new Lease(control, key, fullKey, owner, granted.fencingToken(), options, sentAtNanos);
        gate.hold(fullKey, lease); // before its watchdog runs: the lease may end from then on
        lease.startRenewal();
        listener.onAcquired(key, System.nanoTime() - startNanos);
        return lease;
      }
      if (!contended) {
        listener.onContended(key); // once per acquisition, not per poll
        contended = true;
      }
      if (!wait) {
        return null;
      }
      long leftNanos = deadlineNanos - System.nanoTime();
      if (leftNanos <= 0) {
        return timedOut(key, fullKey, options, startNanos);
      }
      pause(watch, fullKey, Math.min(leftNanos, backoff.nextNanos(((StoreAttempt.Held) result).holderLeftNanos())));
    }
  }

  private LocalGate.Outcome enter(String fullKey, long deadlineNanos, boolean wait) {
    try {
      return gate.enter(fullKey, deadlineNanos, wait);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LockInterruptedException(fullKey);
    }
  }

  private Lease timedOut(LockKey key, String fullKey, LockOptions options, long startNanos) {
    listener.onTimedOut(key, System.nanoTime() - startNanos);
    throw new LockTimeoutException(fullKey, options.waitTime());
  }

  private StoreAttempt attempt(LockKey key, String fullKey, String owner, LockOptions options) {
    try {
      return store.tryAcquire(fullKey, owner, options.leaseTime());
    } catch (LockException e) {
      if (!(e instanceof LockInterruptedException)) {
        listener.onError(key, e);
      }
      throw e;
    }
  }

  private static void pause(ReleaseWatch watch, String fullKey, long nanos) {
    try {
      watch.pause(nanos);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LockInterruptedException(fullKey);
    }
  }
}
