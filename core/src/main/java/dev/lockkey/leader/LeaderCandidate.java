package dev.lockkey.leader;

import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockExecutor;
import dev.lockkey.lock.LockInterruptedException;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import java.lang.System.Logger.Level;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * This instance's candidacy in one {@link Leadership election}: a daemon thread of its own
 * ({@code lockkey-leader-N}) takes the election's lease when it is free (waiting as the backend
 * waits for a lock), leads while the lease is renewed, and runs the listener's callbacks. A term
 * ends, and {@link LeadershipListener#onRevoked onRevoked} is told, when
 * <ul>
 *   <li>the lease is found lost ({@link Revocation#LOST}),
 *   <li>renewals failed and a fifth of the lease time (of a handed-over claim: of the claim) is
 *       left by the monotonic clock
 *       ({@link Revocation#EXPIRING}): the lease runs out here no later than in the store, which
 *       counts from when it received the command, so the revocation comes before the store lets
 *       another instance in; this deadline is watched by the candidate's own thread, not by a
 *       renewal thread that may be stuck in a slow store call,
 *   <li>{@link #close()} steps down ({@link Revocation#STEPPED_DOWN}).
 * </ul>
 * After a revocation the lease is released (a successor need not wait for it to run out) and the
 * candidate stands again; after a store failure it retries as {@link Leadership#retry} says.
 * Thread-safe.
 */
public final class LeaderCandidate implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(LeaderCandidate.class.getPackageName());
  private static final AtomicInteger THREADS = new AtomicInteger();

  private final Leadership leadership;
  private final LockExecutor executor;
  private final LockOptions options;
  private final Thread thread;
  /** Guards {@link #closed} and {@link #acquiring}; waited on for wake-ups (a loss, a close). */
  private final Object monitor = new Object();
  private boolean closed; // guarded by monitor
  private boolean acquiring; // guarded by monitor
  private volatile LeadershipTerm term;

  private LeaderCandidate(Leadership leadership, LockExecutor executor) {
    this.leadership = leadership;
    this.executor = executor;
    this.options = leadership.lockOptions().toBuilder().onLost(lease -> wake()).build();
    this.thread = new Thread(this::run, "lockkey-leader-" + THREADS.incrementAndGet());
    this.thread.setDaemon(true);
  }

  static LeaderCandidate start(Leadership leadership, LockExecutor executor) {
    LeaderCandidate candidate = new LeaderCandidate(leadership, executor);
    candidate.thread.start();
    return candidate;
  }

  /** {@return the election this candidate stands in} */
  public Leadership leadership() {
    return leadership;
  }

  /** {@return whether this instance leads now: it holds a term that is {@link LeadershipTerm#isActive() active}} */
  public boolean isLeader() {
    LeadershipTerm current = term;
    return current != null && current.isActive();
  }

  /** {@return the term this instance holds, active or ending; empty while it does not lead} */
  public Optional<LeadershipTerm> term() {
    return Optional.ofNullable(term);
  }

  /**
   * Steps down and stops standing: a term held is revoked ({@link Revocation#STEPPED_DOWN}, told to
   * the listener) and its lease released, so that another candidate is elected without waiting for
   * the lease to run out. Waits for the candidate's thread to finish, unless called from one of its
   * callbacks. Idempotent.
   */
  @Override
  public void close() {
    synchronized (monitor) {
      closed = true;
      if (acquiring) {
        thread.interrupt(); // only while waiting for the lease: never into a callback
      }
      monitor.notifyAll();
    }
    if (Thread.currentThread() != thread) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public String toString() {
    LeadershipTerm current = term;
    return "LeaderCandidate[" + leadership + (current == null ? ", not leading" : ", " + current) + "]";
  }

  private void run() {
    long retryNanos = leadership.minRetry().toNanos();
    while (!isClosed()) {
      Lease lease;
      try {
        lease = elect();
      } catch (LockTimeoutException | LockInterruptedException stillHeldOrClosed) {
        continue;
      } catch (RuntimeException failed) { // the store failed, or the executor was closed under us
        long delayNanos = jittered(retryNanos);
        LOG.log(Level.WARNING, () -> "leader election of " + leadership.key() + " failed; retrying in "
            + TimeUnit.NANOSECONDS.toMillis(delayNanos) + " ms", failed);
        pause(delayNanos);
        retryNanos = Math.min(retryNanos * 2, leadership.maxRetry().toNanos());
        continue;
      }
      retryNanos = leadership.minRetry().toNanos();
      if (lease != null && isClosed()) {
        letGo(lease); // closed while the lease came: never elected
      } else if (lease != null) {
        lead(lease);
      }
    }
  }

  /**
   * Waits one lease time for the lease; {@link #close()} interrupts the wait, nothing else.
   *
   * @return the lease, or {@code null} when closed
   */
  private Lease elect() {
    synchronized (monitor) {
      if (closed) {
        return null;
      }
      acquiring = true;
    }
    try {
      return executor.acquire(leadership.key(), options);
    } finally {
      synchronized (monitor) {
        acquiring = false;
        Thread.interrupted(); // a close's interrupt is for the wait alone: callbacks never see it
      }
    }
  }

  /** One term: told, watched until it ends, told again, then the lease let go. */
  private void lead(Lease lease) {
    LeadershipTerm current = new LeadershipTerm(lease, Instant.now());
    term = current;
    tell(() -> leadership.listener().onElected(current));
    Revocation reason = awaitEnd(lease);
    current.revoke(reason); // before the callback: isActive() turns false at once
    term = null;
    tell(() -> leadership.listener().onRevoked(current, reason));
    letGo(lease);
  }

  /**
   * Returns when the lease is lost, its local deadline is a fifth of its lease time away, or on
   * close. The margin leaves room for a late wake-up of this thread; for a lease that starts as a
   * short claim (a lock handed over by its releaser, raised to the lease time by its first
   * extension) it is a fifth of the longest the lease had left so far, so the claim is not taken
   * for a failing renewal.
   */
  private Revocation awaitEnd(Lease lease) {
    long longestNanos = 0;
    synchronized (monitor) {
      while (true) {
        if (closed) {
          return Revocation.STEPPED_DOWN;
        }
        if (lease.isLost()) {
          return Revocation.LOST;
        }
        long remainingNanos = lease.remainingNanos();
        longestNanos = Math.max(longestNanos, remainingNanos);
        long marginNanos = Math.min(leadership.leaseTime().toNanos(), longestNanos) / 5;
        if (remainingNanos <= marginNanos) {
          return Revocation.EXPIRING;
        }
        waitOnMonitor(remainingNanos - marginNanos); // a renewal moves the deadline: look again then
      }
    }
  }

  /** Releases the lease of an ended term, retrying while the store fails and the lease may still be held. */
  private void letGo(Lease lease) {
    long retryNanos = leadership.minRetry().toNanos();
    while (true) {
      try {
        lease.release(); // false when lost: nothing to let go
        return;
      } catch (LockException failed) {
        if (lease.isLost() || isClosed()) {
          return; // it runs out by itself; a renewal that succeeds meanwhile is retried here
        }
        pause(jittered(retryNanos));
        retryNanos = Math.min(retryNanos * 2, leadership.maxRetry().toNanos());
      }
    }
  }

  private void tell(Runnable callback) {
    try {
      callback.run();
    } catch (RuntimeException failed) {
      LOG.log(Level.WARNING, () -> "a leadership listener of " + leadership.key() + " threw", failed);
    }
  }

  private void wake() {
    synchronized (monitor) {
      monitor.notifyAll();
    }
  }

  private boolean isClosed() {
    synchronized (monitor) {
      return closed;
    }
  }

  private void pause(long nanos) {
    synchronized (monitor) {
      long deadline = System.nanoTime() + nanos;
      long left = nanos;
      while (!closed && left > 0) {
        waitOnMonitor(left);
        left = deadline - System.nanoTime();
      }
    }
  }

  /** Waits on the monitor (held) at most {@code nanos}; an interrupt only wakes it. */
  private void waitOnMonitor(long nanos) {
    try {
      TimeUnit.NANOSECONDS.timedWait(monitor, Math.max(1, nanos));
    } catch (InterruptedException e) {
      // close() interrupts only a wait for the lease; a stray interrupt just wakes the check
    }
  }

  private static long jittered(long nanos) {
    return nanos + ThreadLocalRandom.current().nextLong(nanos / 5 + 1);
  }
}
