package dev.lockkey.lock;

import dev.lockkey.LockKey;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Future;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A held lock: proof that this caller, and no one else, may act on the key's resource until its
 * lease runs out. Close it (try-with-resources) to release the lock. Pass its
 * {@link #fencingToken()} to the resource you guard, which should refuse writes with a token lower
 * than one it has seen: that keeps a holder whose lease ran out (a long GC pause, a network
 * partition) from overwriting the work of the next holder.
 *
 * <p>Release and extension check the owner token in the store atomically: a lease that ran out can
 * never delete or extend the lock of the next holder. They report whether the lock was still held;
 * a lease found not held is {@link #isLost() lost}, once, which also calls the
 * {@link LockListener#onLeaseLost listener} and {@link LockOptions#onLost() onLost}. With
 * {@link LockOptions#renewal() renewal} a watchdog extends the lease every third of its lease time
 * (sooner when less than that is left: a lease granted late) until it is released or lost; it
 * never runs after the release began, and it never runs callbacks on its own threads.
 *
 * <p>Time: the lease runs out by {@link System#nanoTime()} (monotonic), counted from when the
 * acquiring or extending command was sent, so the store keeps the lock at least as long as this
 * process believes it held. A step of the wall clock changes nothing but {@link #expiry()}.
 *
 * <p>Leases are created by a lock backend (e.g. {@code RedisLockExecutor}) through
 * {@link #Lease the public constructor}; a test double may create them too. Thread-safe.
 */
public final class Lease implements AutoCloseable {
  private final LeaseControl control;
  private final LockKey key;
  private final String fullKey;
  private final String owner;
  private final long fencingToken;
  private final LockOptions options;
  private final long acquiredNanos;
  /** Serialises release, extension and renewal of this lease. */
  private final ReentrantLock lock = new ReentrantLock();
  private volatile long expiresAtNanos;
  private volatile boolean released;
  private volatile boolean lost;
  private boolean ended; // guarded by lock
  private Future<?> renewal; // guarded by lock
  /** While the store holds the lock for a claim only: its length; 0 once the lease time holds. */
  private long claimNanos; // guarded by lock

  /**
   * A lease granted by a backend: the entry point for lock backends and test doubles, not for
   * users (they get leases from an executor). Start its watchdog with {@link #startRenewal()}.
   *
   * @param control the backend's side of this lease
   * @param key the key locked
   * @param fullKey the store's name of the lock, for messages
   * @param ownerToken the secret the store keeps as the lock's owner
   * @param fencingToken the fencing token the store issued
   * @param options the options the lock was taken with (lease time, renewal, onLost)
   * @param sentAtNanos {@link LeaseControl#nanoTime()} when the acquiring command was sent: the
   *     lease runs out {@link LockOptions#leaseTime()} after it
   */
  public Lease(LeaseControl control, LockKey key, String fullKey, String ownerToken, long fencingToken,
      LockOptions options, long sentAtNanos) {
    this.control = Objects.requireNonNull(control, "control");
    this.key = Objects.requireNonNull(key, "key");
    this.fullKey = Objects.requireNonNull(fullKey, "fullKey");
    this.owner = Objects.requireNonNull(ownerToken, "ownerToken");
    this.fencingToken = fencingToken;
    this.options = Objects.requireNonNull(options, "options");
    this.acquiredNanos = control.nanoTime();
    this.expiresAtNanos = sentAtNanos + options.leaseTime().toNanos();
  }

  /**
   * A lease that the store holds for a short {@code claim} only, e.g. a lock handed over by its
   * previous holder and taken without another round trip. It runs out {@code claim} after
   * {@code sentAtNanos} until extended: {@link #startRenewal()} schedules the first extension, to
   * {@link LockOptions#leaseTime()}, after a third of what is left of the claim then (at once when
   * nothing is), with or without {@link LockOptions#renewal() renewal} (a lease released before
   * sends none). Until then {@link #remainingNanos()} counts the claim.
   *
   * @param control the backend's side of this lease
   * @param key the key locked
   * @param fullKey the store's name of the lock, for messages
   * @param ownerToken the secret the store keeps as the lock's owner
   * @param fencingToken the fencing token the store issued
   * @param options the options the lock was taken with (lease time, renewal, onLost)
   * @param sentAtNanos {@link LeaseControl#nanoTime()} at a moment known to be before the store
   *     set the claim: the claim runs out {@code claim} after it
   * @param claim how long the store holds the lock from {@code sentAtNanos}, at least 1 ms
   */
  public Lease(LeaseControl control, LockKey key, String fullKey, String ownerToken, long fencingToken,
      LockOptions options, long sentAtNanos, Duration claim) {
    this(control, key, fullKey, ownerToken, fencingToken, options, sentAtNanos);
    this.claimNanos = LockOptions.checkLeaseTime("claim", claim).toNanos();
    this.expiresAtNanos = sentAtNanos + claimNanos;
  }

  /**
   * The key this lease locks.
   *
   * @return the key this lease locks
   */
  public LockKey key() {
    return key;
  }

  /**
   * The store's key of the lock, e.g. {@code lock:prod:{payment:capture:v1:t42:98765}}.
   *
   * @return the store's key of the lock, e.g. {@code lock:prod:{payment:capture:v1:t42:98765}}
   */
  public String fullKey() {
    return fullKey;
  }

  /**
   * The owner token stored in the lock: 128 random bits, base64url. Whoever knows it can release
   * the lock, so treat it as a secret; it appears in no message or {@code toString()}.
   *
   * @return the owner token stored in the lock
   */
  public String ownerToken() {
    return owner;
  }

  /**
   * A number higher than that of every earlier holder of this key, also across expiries and
   * restarts of this process; see {@code RedisLockExecutor} for how and under which assumption.
   *
   * @return a number higher than that of every earlier holder of this key, also across expiries and restarts of this process
   */
  public long fencingToken() {
    return fencingToken;
  }

  /**
   * The options the lock was taken with.
   *
   * @return the options the lock was taken with
   */
  public LockOptions options() {
    return options;
  }

  /**
   * When the lease runs out unless extended, on the wall clock: for display only. The lease itself
   * follows the monotonic clock ({@link #remainingNanos()}), so this moves when the wall clock is
   * stepped.
   *
   * @return when the lease runs out unless extended, on the wall clock
   */
  public Instant expiry() {
    return control.clock().instant().plusNanos(remainingNanos());
  }

  /**
   * Nanoseconds until the lease runs out unless extended, by the monotonic clock; negative once past.
   *
   * @return nanoseconds until the lease runs out unless extended, by the monotonic clock
   */
  public long remainingNanos() {
    return expiresAtNanos - control.nanoTime();
  }

  /**
   * Whether this lease can no longer be relied on: it ran out by the monotonic clock
   * ({@link #remainingNanos()} is not positive), it was found not held (by a release, an extension
   * or a renewal), or renewal failed until it ran out. Answered without a round trip, the same on
   * every backend: check it (or {@link #checkHeld()}, which throws in every
   * case this is {@code true}) before a write, and pass the {@link #fencingToken()} with the write.
   * Only running out is undone, by an {@link #extend} that finds the lock still held (the store
   * may keep it a moment longer than this process counts). After a {@link #release()} it tells
   * what the release found: {@code true} when the lock was not held any more, {@code false} when
   * it was released in time. Running out calls no {@link LockListener#onLeaseLost listener}; being
   * found not held does.
   *
   * @return whether the lease ran out, was found not held, or renewal failed
   */
  public boolean isLost() {
    if (released) {
      return lost;
    }
    return lost || remainingNanos() <= 0;
  }

  /**
   * Whether the watchdog will renew this lease: renewal asked for (or a claim still to be raised to
   * the lease time), and neither released nor lost yet.
   *
   * @return whether the watchdog will renew this lease
   */
  public boolean isRenewing() {
    lock.lock();
    try {
      return renewal != null && !renewal.isDone();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Throws unless the lease is still held as far as this process knows: not lost, not released,
   * not run out by the monotonic clock. A cheap check (no round trip) before an irreversible step;
   * the fencing token is the real protection.
   *
   * @throws LeaseLostException saying why the lease is not held
   */
  public void checkHeld() {
    if (lost) {
      throw new LeaseLostException(fullKey,
          "the lock was found gone or another owner's, or renewals failed until the lease ran out");
    }
    if (released) {
      throw new LeaseLostException(fullKey, "it was released");
    }
    long overNanos = -remainingNanos();
    if (overNanos >= 0) {
      throw new LeaseLostException(fullKey, "its lease ran out " + Duration.ofNanos(overNanos).toMillis() + " ms ago");
    }
  }

  /**
   * Releases the lock (one round trip) if this lease still holds it, and stops the watchdog first.
   * A waiter in the same executor may receive the lock in the same round trip.
   *
   * @return {@code true} when the lock was still held and is released now; {@code false} when it
   *     was not held any more (the lease is then lost) or this lease was released before
   * @throws LockException when the store did not answer (e.g. {@code RedisUnavailableException});
   *     the lock then stays until its lease runs out, and calling again may release it
   */
  public boolean release() {
    return releaseTogether(List.of(this));
  }

  /**
   * Sets the lease to run out {@code leaseTime} from now (one round trip), if still held.
   *
   * @param leaseTime the new lease time
   * @return {@code true} when still held and extended; {@code false} when released, lost, or found
   *     not held (the lease is then lost)
   * @throws IllegalArgumentException when {@code leaseTime} is under 1 ms or over
   *     {@link LockOptions#MAX_LEASE_TIME}
   * @throws LockException when the store did not answer
   */
  public boolean extend(Duration leaseTime) {
    return extendTogether(List.of(this), LockOptions.checkLeaseTime("leaseTime", leaseTime));
  }

  /**
   * Releases the lock as {@link #release()} does; a lost or already released lease is no error
   * ({@link #isLost()} tells).
   *
   * @throws LockException when the store did not answer
   */
  @Override
  public void close() {
    release();
  }

  @Override
  public String toString() {
    return "Lease[" + fullKey + ", fencingToken=" + fencingToken + ", expiry=" + expiry()
        + (lost ? ", lost" : released ? ", released" : "") + "]";
  }

  /**
   * Starts the watchdog if the options ask for one, or a lease held for a claim only needs its
   * first extension; a backend calls it once, after creating the lease.
   */
  public void startRenewal() {
    lock.lock();
    try {
      if ((options.renewal() || claimNanos > 0) && !released && !lost && renewal == null) {
        scheduleRenewal(nextExtensionNanos());
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * Releases leases of one owner and one control, in one step.
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
      boolean[] held = live.get(0).control.release(live);
      boolean all = live.size() == leases.size();
      for (int i = 0; i < held.length; i++) {
        Lease lease = live.get(i);
        lease.released = true;
        if (held[i]) {
          lease.end(false);
          lease.control.listener().onReleased(lease.key, lease.control.nanoTime() - lease.acquiredNanos);
        } else {
          lease.markLost(false);
          all = false;
        }
      }
      return all;
    } finally {
      unlockAll(leases);
    }
  }

  /**
   * Extends leases of one owner and one control, in one step.
   *
   * @return whether every one of them was still held
   */
  static boolean extendTogether(List<Lease> leases, Duration leaseTime) {
    return extendTogether(leases, leaseTime, false);
  }

  private static boolean extendTogether(List<Lease> leases, Duration leaseTime, boolean onWatchdog) {
    lockAll(leases);
    try {
      List<Lease> live = leases.stream().filter(lease -> !lease.released && !lease.lost).toList();
      if (live.isEmpty()) {
        return false;
      }
      LeaseControl control = live.get(0).control;
      long sentAtNanos = control.nanoTime();
      boolean[] held = control.extend(live, leaseTime);
      boolean all = live.size() == leases.size();
      for (int i = 0; i < held.length; i++) {
        Lease lease = live.get(i);
        if (held[i] && !lease.lost) { // a lease declared lost stays lost, whatever a late reply says
          lease.expiresAtNanos = sentAtNanos + leaseTime.toNanos();
          lease.claimNanos = 0;
          lease.tell(onWatchdog, () -> control.listener().onRenewed(lease.key));
        } else {
          lease.markLost(onWatchdog);
          all = false;
        }
      }
      return all;
    } finally {
      unlockAll(leases);
    }
  }

  /** The watchdog's task, on a renewal thread: it must not throw, nor run callbacks here. */
  private void renew() {
    lock.lock();
    try {
      if (released || lost || (claimNanos == 0 && !options.renewal())) {
        return; // (the claim was raised by a caller's extension meanwhile)
      }
      if (remainingNanos() <= 0) { // the renewal came too late: the store may have let the lock go
        markLost(true);
        return;
      }
      try {
        if (extendTogether(List.of(this), options.leaseTime(), true) && options.renewal()) {
          scheduleRenewal(nextExtensionNanos());
        }
      } catch (LockException unreachable) {
        // the lock may still be ours: retry sooner, and give up only once the lease has run out
        long retryNanos = Math.max(1, renewalPeriodNanos() / 3);
        if (remainingNanos() <= retryNanos) {
          markLost(true);
        } else {
          scheduleRenewal(retryNanos);
        }
      } catch (RuntimeException | Error unexpected) {
        // a bug or a broken backend: the lease cannot be vouched for any more
        markLost(true);
      }
    } finally {
      lock.unlock();
    }
  }

  private long renewalPeriodNanos() {
    return (claimNanos > 0 ? claimNanos : options.leaseTime().toNanos()) / 3;
  }

  /**
   * When the next extension is due: after a third of the period, and never later than a third of
   * what is left of the lease, counted from now. A lease granted late (a handover read long after
   * its claim began, a slow reply) is so extended while two thirds of what it has are left, at once
   * when nothing is, instead of at a moment counted from its start, which may be past its end.
   */
  private long nextExtensionNanos() {
    return Math.max(0, Math.min(renewalPeriodNanos(), remainingNanos() / 3));
  }

  private void scheduleRenewal(long delayNanos) {
    renewal = control.scheduleRenewal(this::renew, delayNanos);
  }

  private void cancelRenewal() {
    if (renewal != null) {
      renewal.cancel(false); // a renewal already running waits for our lock, then sees released
      renewal = null;
    }
  }

  /** Marks the lease lost, once: watchdog off, backend, listener and callback told. */
  private void markLost(boolean onWatchdog) {
    if (lost) {
      return;
    }
    lost = true;
    cancelRenewal();
    end(true);
    tell(onWatchdog, () -> {
      control.listener().onLeaseLost(key);
      try {
        options.onLost().accept(this);
      } catch (RuntimeException ignored) {
        // the caller's callback must not break the lock's bookkeeping
      }
    });
  }

  private void end(boolean asLost) {
    if (!ended) {
      ended = true;
      control.ended(this, asLost);
    }
  }

  /** Runs callbacks here, or off the renewal thread when the watchdog is running them. */
  private void tell(boolean onWatchdog, Runnable callback) {
    if (onWatchdog) {
      control.callback(callback);
    } else {
      callback.run();
    }
  }

  private static void lockAll(List<Lease> leases) {
    leases.forEach(lease -> lease.lock.lock()); // in canonical order, so never a deadlock
  }

  private static void unlockAll(List<Lease> leases) {
    leases.forEach(lease -> lease.lock.unlock());
  }
}
