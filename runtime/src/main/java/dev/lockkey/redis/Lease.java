package dev.lockkey.redis;

import dev.lockkey.LockKey;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * A held lock: proof that this caller, and no one else, may act on the key's resource until
 * {@link #expiry()}. Close it (try-with-resources) to release the lock. Pass its
 * {@link #fencingToken()} to the resource you guard, which should refuse writes with a token lower
 * than one it has seen: that keeps a holder whose lease ran out (a long GC pause, a network
 * partition) from overwriting the work of the next holder.
 *
 * <p>Release and extension check the owner token in Redis atomically: a lease that ran out can
 * never delete or extend the lock of the next holder. They report whether the lock was still held;
 * a lease found not held is {@link #isLost() lost}, once, which also calls the
 * {@link LockListener#onLeaseLost listener} and {@link LockOptions#onLost() onLost}. With
 * {@link LockOptions#renewal() renewal} a watchdog extends the lease every third of its lease time
 * until it is released or lost; it never runs after the release began. Thread-safe.
 */
public final class Lease implements AutoCloseable {
  private final RedisLockExecutor executor;
  private final LockKey key;
  private final LockNames names;
  private final String owner;
  private final long fencingToken;
  private final LockOptions options;
  private final LocalQueue queue;
  private final long acquiredNanos = System.nanoTime();
  /** Serialises release, extension and renewal of this lease. */
  private final ReentrantLock lock = new ReentrantLock();
  private volatile long expiresAtMillis;
  private volatile boolean released;
  private volatile boolean lost;
  private ScheduledFuture<?> renewal; // guarded by lock

  Lease(RedisLockExecutor executor, LockKey key, LockNames names, String owner, long fencingToken,
      LockOptions options, LocalQueue queue, long sentAtMillis) {
    this.executor = executor;
    this.key = key;
    this.names = names;
    this.owner = owner;
    this.fencingToken = fencingToken;
    this.options = options;
    this.queue = queue;
    this.expiresAtMillis = sentAtMillis + options.leaseTime().toMillis();
  }

  /** The key this lease locks. */
  public LockKey key() {
    return key;
  }

  /** The Redis key of the lock, e.g. {@code lock:prod:{payment:capture:v1:t42:98765}}. */
  public String fullKey() {
    return names.lock();
  }

  /**
   * The owner token stored in the lock: 128 random bits, base64url. Whoever knows it can release
   * the lock, so treat it as a secret; it appears in no message or {@code toString()}.
   */
  public String ownerToken() {
    return owner;
  }

  /**
   * A number higher than that of every earlier holder of this key, also across expiries and
   * restarts of this process; see {@link RedisLockExecutor} for how and under which assumption.
   */
  public long fencingToken() {
    return fencingToken;
  }

  /**
   * When the lease runs out unless extended, by this process's clock. It counts from when the
   * acquiring command was sent, so Redis keeps the lock at least this long.
   */
  public Instant expiry() {
    return Instant.ofEpochMilli(expiresAtMillis);
  }

  /** Whether the lease was found not held: by a release, an extension or a renewal, or when renewals failed until it ran out. */
  public boolean isLost() {
    return lost;
  }

  /**
   * Throws unless the lease is still held as far as this process knows: not lost, not released,
   * not past {@link #expiry()}. A cheap check (no round trip) before an irreversible step; the
   * fencing token is the real protection.
   *
   * @throws LeaseLostException saying why the lease is not held
   */
  public void checkHeld() {
    if (lost) {
      throw new LeaseLostException(fullKey(),
          "the lock was found gone or another owner's, or renewals failed until the lease ran out");
    }
    if (released) {
      throw new LeaseLostException(fullKey(), "it was released");
    }
    if (executor.clock().millis() >= expiresAtMillis) {
      throw new LeaseLostException(fullKey(), "its lease ran out at " + expiry());
    }
  }

  /**
   * Releases the lock (one round trip) if this lease still holds it, and stops the watchdog first.
   * A waiter in this executor may receive the lock in the same round trip.
   *
   * @return {@code true} when the lock was still held and is released now; {@code false} when it
   *     was not held any more (the lease is then lost) or this lease was released before
   * @throws RedisUnavailableException when Redis did not answer; the lock then stays until its
   *     lease runs out, and calling again may release it
   */
  public boolean release() {
    return releaseTogether(List.of(this));
  }

  /**
   * Sets the lease to run out {@code leaseTime} from now (one round trip), if still held.
   *
   * @return {@code true} when still held and extended; {@code false} when released, lost, or found
   *     not held (the lease is then lost)
   * @throws RedisUnavailableException when Redis did not answer
   */
  public boolean extend(Duration leaseTime) {
    if (leaseTime.toMillis() < 1) {
      throw new IllegalArgumentException("a lease must be at least 1 ms, was " + leaseTime);
    }
    return extendTogether(List.of(this), leaseTime);
  }

  /**
   * Releases the lock as {@link #release()} does; a lost or already released lease is no error
   * ({@link #isLost()} tells).
   *
   * @throws RedisUnavailableException when Redis did not answer
   */
  @Override
  public void close() {
    release();
  }

  @Override
  public String toString() {
    return "Lease[" + fullKey() + ", fencingToken=" + fencingToken + ", expiry=" + expiry()
        + (lost ? ", lost" : released ? ", released" : "") + "]";
  }

  LockNames names() {
    return names;
  }

  String owner() {
    return owner;
  }

  LocalQueue queue() {
    return queue;
  }

  /** Whether a renewal is scheduled: for tests of the watchdog. */
  boolean renewalScheduled() {
    lock.lock();
    try {
      return renewal != null && !renewal.isDone();
    } finally {
      lock.unlock();
    }
  }

  /** Milliseconds until {@link #expiry()} by the executor's clock (negative once past). */
  long millisUntilExpiry() {
    return expiresAtMillis - executor.clock().millis();
  }

  /** Starts the watchdog if the options ask for one. */
  void startRenewal() {
    if (options.renewal()) {
      lock.lock();
      try {
        scheduleRenewal(renewalPeriodMillis());
      } finally {
        lock.unlock();
      }
    }
  }

  /**
   * Releases leases of one owner whose locks share a slot, in one round trip.
   *
   * @return whether every one of them was still held
   */
  static boolean releaseTogether(List<Lease> leases) {
    lockAll(leases);
    try {
      List<Lease> live = leases.stream().filter(lease -> !lease.released).toList();
      if (live.isEmpty()) {
        return false;
      }
      live.forEach(Lease::cancelRenewal); // before the release: no extension after it (Redisson #7272)
      boolean[] held = live.get(0).executor.release(live);
      live.forEach(lease -> lease.released = true);
      return settle(leases, live, held,
          lease -> lease.executor.listener().onReleased(lease.key, System.nanoTime() - lease.acquiredNanos));
    } finally {
      unlockAll(leases);
    }
  }

  /**
   * Extends leases of one owner whose locks share a slot, in one round trip.
   *
   * @return whether every one of them was still held
   */
  static boolean extendTogether(List<Lease> leases, Duration leaseTime) {
    lockAll(leases);
    try {
      List<Lease> live = leases.stream().filter(lease -> !lease.released && !lease.lost).toList();
      if (live.isEmpty()) {
        return false;
      }
      RedisLockExecutor executor = live.get(0).executor;
      long sentAtMillis = executor.clock().millis();
      boolean[] held = executor.extend(live, leaseTime);
      return settle(leases, live, held, lease -> {
        lease.expiresAtMillis = sentAtMillis + leaseTime.toMillis();
        executor.listener().onRenewed(lease.key);
      });
    } finally {
      unlockAll(leases);
    }
  }

  /**
   * Applies a script's answer per lock: {@code whenHeld} for each live lease still held, lost for
   * the others.
   *
   * @return whether every one of {@code asked} was live and held
   */
  private static boolean settle(List<Lease> asked, List<Lease> live, boolean[] held, Consumer<Lease> whenHeld) {
    boolean all = live.size() == asked.size();
    for (int i = 0; i < held.length; i++) {
      if (held[i]) {
        whenHeld.accept(live.get(i));
      } else {
        live.get(i).markLost();
        all = false;
      }
    }
    return all;
  }

  private void renew() {
    lock.lock();
    try {
      if (released || lost) {
        return;
      }
      try {
        if (extendTogether(List.of(this), options.leaseTime())) {
          scheduleRenewal(renewalPeriodMillis());
        }
      } catch (LockException unreachable) {
        // the lock may still be ours: retry sooner, and give up only once the lease has run out
        long retryMillis = Math.max(1, renewalPeriodMillis() / 3);
        if (millisUntilExpiry() <= retryMillis) {
          markLost();
        } else {
          scheduleRenewal(retryMillis);
        }
      }
    } finally {
      lock.unlock();
    }
  }

  private long renewalPeriodMillis() {
    return options.leaseTime().toMillis() / 3;
  }

  private void scheduleRenewal(long delayMillis) {
    renewal = executor.schedule(this::renew, delayMillis);
  }

  private void cancelRenewal() {
    if (renewal != null) {
      renewal.cancel(false); // a renewal already running waits for our lock, then sees released
      renewal = null;
    }
  }

  /** Marks the lease lost, once: watchdog off, listener and callback told, local waiters let go. */
  private void markLost() {
    if (lost) {
      return;
    }
    lost = true;
    cancelRenewal();
    executor.leaseLost(this);
    try {
      options.onLost().accept(this);
    } catch (RuntimeException ignored) {
      // the caller's callback must not break the lock's bookkeeping
    }
  }

  private static void lockAll(List<Lease> leases) {
    leases.forEach(lease -> lease.lock.lock()); // in canonical order, so never a deadlock
  }

  private static void unlockAll(List<Lease> leases) {
    leases.forEach(lease -> lease.lock.unlock());
  }
}
