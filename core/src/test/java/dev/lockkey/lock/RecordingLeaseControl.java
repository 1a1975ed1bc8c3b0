package dev.lockkey.lock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The backend side of one lease in the lease model checks: a store that holds the lock (or lost it
 * already) and records what reached it, and a watchdog whose scheduled task a test thread runs
 * ({@link #runRenewal()}) instead of a timer. Its clock stands still, so the lease never runs out
 * by time. Thread-safe.
 */
final class RecordingLeaseControl extends StillLeaseControl {
  private static final LockOptions RENEWED = LockOptions.builder()
      .leaseTime(Duration.ofSeconds(30)).renewal(true).build();

  private final List<String> violations = new ArrayList<>(); // guarded by this
  private boolean held; // guarded by this
  private boolean releaseSent; // guarded by this
  private int ends; // guarded by this
  private Task scheduled; // guarded by this

  /** A store that holds the lock, or ({@code held} false) lost it already, e.g. to its expiry. */
  RecordingLeaseControl(boolean held) {
    this.held = held;
  }

  /** A renewed lease on this control, its watchdog started (the task waits for {@link #runRenewal()}). */
  Lease lease() {
    Lease lease = new Lease(this, SampleKey.item("lease-model"), "lock:model:{lease-model}", "owner", 1, RENEWED, 0);
    lease.startRenewal();
    return lease;
  }

  /** Runs the watchdog's scheduled task once, as the renewal thread would; a cancelled one does nothing. */
  void runRenewal() {
    Task task;
    synchronized (this) {
      task = scheduled;
    }
    if (task != null && !task.cancelled) { // a task already past this check runs on, as a timer's would
      task.renewal.run();
    }
  }

  /** What went wrong: an extension after the release, or a lease ended other than once. */
  synchronized List<String> violations() {
    List<String> all = new ArrayList<>(violations);
    if (ends != 1) {
      all.add("the lease ended " + ends + " times");
    }
    return all;
  }

  @Override
  public synchronized boolean[] release(List<Lease> leases) {
    releaseSent = true;
    boolean wasHeld = held;
    held = false;
    return new boolean[] {wasHeld};
  }

  @Override
  public synchronized boolean[] extend(List<Lease> leases, Duration leaseTime) {
    if (releaseSent) {
      violations.add("an extension reached the store after the release");
    }
    return new boolean[] {held};
  }

  @Override
  public synchronized void ended(Lease lease, boolean lost) {
    ends++;
  }

  @Override
  public synchronized Future<?> scheduleRenewal(Runnable renewal, long delayNanos) {
    scheduled = new Task(renewal);
    return scheduled;
  }

  /**
   * A scheduled renewal: cancelling it keeps it from starting, not from finishing. Not a
   * {@code FutureTask}, whose internals Lincheck does not follow.
   */
  private static final class Task implements Future<Void> {
    final Runnable renewal;
    volatile boolean cancelled;

    Task(Runnable renewal) {
      this.renewal = renewal;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      cancelled = true;
      return true;
    }

    @Override
    public boolean isCancelled() {
      return cancelled;
    }

    @Override
    public boolean isDone() {
      return cancelled;
    }

    @Override
    public Void get() {
      throw new UnsupportedOperationException("nobody waits for a renewal");
    }

    @Override
    public Void get(long timeout, TimeUnit unit) {
      throw new UnsupportedOperationException("nobody waits for a renewal");
    }
  }
}
