package dev.lockkey.redis.internal;

import dev.lockkey.LockKey;
import dev.lockkey.internal.Housekeeper;
import dev.lockkey.internal.LeaseRenewer;
import dev.lockkey.internal.OwnerTokens;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LeaseLostException;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockInterruptedException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.RedisUnavailableException;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Locks with several holders on Redis, for {@code RedisPermits} and {@code RedisReadWriteLocks}:
 * each share is a {@link Lease} with a {@link SharedLeaseControl}; an attempt is one script
 * ({@link SharedCommands}); a waiter queues in the key's queue in Redis, subscribes to the key's
 * release channel and sleeps until a release names it (a release wakes one waiter per share that
 * frees), or for at most {@link #MAX_POLL}, or until the first holder's lease ends: shares whose
 * holder died free by their lease, which publishes nothing. It runs on a {@link LeaseMachinery}'s
 * threads and subscriber: one per machinery ({@link LeaseMachinery#sharedLocks()}), which closes
 * them. Not API. Thread-safe.
 */
public final class SharedLocks {
  /** The longest sleep of a waiter between two attempts. */
  static final Duration MAX_POLL = Duration.ofSeconds(1);
  /** How long a waiter's queue entry lives past its last attempt: a few polls. */
  static final Duration ENTRY_LIFE = Duration.ofSeconds(3);

  private final SharedCommands commands;
  private final LeaseMachinery machinery;
  private final LockListener listener;
  private final Housekeeper housekeeper;
  private final ReleaseNotifier notifier;
  private final Clock clock = Clock.systemUTC();
  /** Write leases held, for {@link #downgrade}. */
  private final Map<Lease, SharedLeaseControl> writes = new ConcurrentHashMap<>();

  /** @param machinery its connection, listener, threads and subscriber */
  SharedLocks(LeaseMachinery machinery) {
    this.machinery = machinery;
    this.commands = new SharedCommands(machinery.redis(), LockCommands.FENCE_GRACE);
    this.listener = machinery.listener();
    this.housekeeper = machinery.housekeeper();
    this.notifier = machinery.notifier();
  }

  /**
   * Takes a share of {@code kind}; with {@code wait}, waits in the queue up to the options' wait
   * time, else makes one attempt, queueing nowhere.
   *
   * @param user the permits or read/write locks that ask, for the message when closed
   * @return the share's lease, or empty when it did not come in time
   * @throws IllegalStateException when the machinery is closed
   */
  public Optional<Lease> take(Object user, LockKey key, SharedNames names, SharedKind kind, int permits,
      LockOptions options, boolean wait) {
    machinery.ensureOpen(user);
    String owner = OwnerTokens.next();
    long startNanos = System.nanoTime();
    long waitNanos = wait ? options.waitTime().toNanos() : 0;
    boolean queue = waitNanos > 0;
    SharedLeaseControl control = new SharedLeaseControl(this, names, kind, permits);
    Wakeup wakeup = null;
    ReleaseNotifier.Channel channel = null;
    try {
      while (true) {
        if (wakeup != null) {
          wakeup.clear(); // a wake-up from now on is kept for the wait below
        }
        long sentNanos = System.nanoTime();
        SharedCommands.Attempt attempt = attempt(names, owner, kind, permits, options, queue);
        if (attempt.taken()) {
          return Optional.of(grant(control, key, owner, attempt.token(), options, sentNanos, startNanos));
        }
        long leftNanos = startNanos + waitNanos - System.nanoTime();
        if (leftNanos <= 0) {
          break;
        }
        if (wakeup == null) {
          listener.onContended(key);
          wakeup = new Wakeup(owner);
          channel = notifier.watch(names.channel(), wakeup); // its confirmation wakes us to try again
        }
        long pauseNanos = MAX_POLL.toNanos();
        if (attempt.hintMillis() >= 0) { // wake when the first lease ends: a dead holder publishes nothing
          pauseNanos = Math.min(pauseNanos, Duration.ofMillis(attempt.hintMillis() + 1).toNanos());
        }
        wakeup.await(Math.min(leftNanos, pauseNanos), control.fullKey());
      }
    } catch (LockInterruptedException interrupted) {
      giveUp(names, owner, kind, permits, options);
      throw interrupted;
    } finally {
      if (channel != null) {
        notifier.unwatch(channel, wakeup);
      }
    }
    if (queue) {
      giveUp(names, owner, kind, permits, options);
    }
    listener.onTimedOut(key, System.nanoTime() - startNanos);
    return Optional.empty();
  }

  /**
   * Turns {@code write} into a read share in one step.
   *
   * @throws IllegalArgumentException when {@code write} is no write lease of {@code names}
   * @throws LeaseLostException when it was not held any more
   */
  public Lease downgrade(Lease write, SharedNames names, LockOptions options) {
    if (!write.fullKey().equals(names.writer())) {
      throw new IllegalArgumentException("not a write lease of these read/write locks: " + write.fullKey());
    }
    SharedLeaseControl control = writes.get(write);
    if (control == null) {
      throw new LeaseLostException(write.fullKey(), "it was released or lost before the downgrade");
    }
    return control.downgrade(write, OwnerTokens.next(), options);
  }

  /** The downgrade inside {@code write}'s release: the read share, or {@code null} when the write lock was gone. */
  Lease downgraded(SharedNames names, Lease write, String owner, LockOptions options) {
    long sentNanos = System.nanoTime();
    SharedCommands.Attempt attempt = commands.acquire(names, owner, SharedKind.READ, 0, options.leaseTime(), false,
        ENTRY_LIFE, write.ownerToken());
    if (attempt == null) {
      return null;
    }
    SharedLeaseControl control = new SharedLeaseControl(this, names, SharedKind.READ, 0);
    return grant(control, write.key(), owner, attempt.token(), options, sentNanos, sentNanos);
  }

  private SharedCommands.Attempt attempt(SharedNames names, String owner, SharedKind kind, int permits,
      LockOptions options, boolean queue) {
    try {
      return commands.acquire(names, owner, kind, permits, options.leaseTime(), queue, ENTRY_LIFE, null);
    } catch (RedisUnavailableException unknown) {
      // the script may have run (or may run yet): the share, or the queue entry, is undone by owner
      housekeeper.cleanUp(() -> tryGiveUp(names, owner, kind, permits), options.leaseTime());
      throw unknown;
    }
  }

  private Lease grant(SharedLeaseControl control, LockKey key, String owner, long token, LockOptions options,
      long sentNanos, long startNanos) {
    Lease lease = new Lease(control, key, control.fullKey(), owner, token, options, sentNanos);
    if (control.isWrite()) {
      writes.put(lease, control);
    }
    lease.startRenewal();
    listener.onAcquired(key, System.nanoTime() - startNanos);
    return lease;
  }

  /** A waiter that stops waiting leaves the queue, so it holds up nobody behind it. */
  private void giveUp(SharedNames names, String owner, SharedKind kind, int permits, LockOptions options) {
    if (!tryGiveUp(names, owner, kind, permits)) {
      housekeeper.cleanUp(() -> tryGiveUp(names, owner, kind, permits), options.leaseTime());
    }
  }

  private boolean tryGiveUp(SharedNames names, String owner, SharedKind kind, int permits) {
    try {
      commands.release(names, owner, kind, permits, true);
      return true;
    } catch (LockException stillFailing) {
      return false;
    }
  }

  void ended(Lease lease) {
    writes.remove(lease);
  }

  SharedCommands commands() {
    return commands;
  }

  LockListener listener() {
    return listener;
  }

  LeaseRenewer renewer() {
    return machinery.renewer();
  }

  Clock clock() {
    return clock;
  }
}
