package dev.lockkey.jdbc;

import dev.lockkey.LockKey;
import dev.lockkey.internal.Housekeeper;
import dev.lockkey.internal.LeaseRenewer;
import dev.lockkey.internal.OwnerTokens;
import dev.lockkey.internal.store.PollingBackoff;
import dev.lockkey.internal.store.ReleaseWatch;
import dev.lockkey.internal.store.StoreAttempt;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LeaseLostException;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockInterruptedException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.lock.LockOptions;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.WeakHashMap;
import javax.sql.DataSource;

/**
 * Locks with several holders on the holders table, for {@link JdbcPermits} and
 * {@link JdbcReadWriteLocks}: each share is a {@link Lease} with a {@link ShareControl}; an attempt
 * is one short transaction ({@link JdbcHolders#take}). A waiter keeps its place in the key's queue
 * in the table and, between attempts, holds no connection: it pauses on a {@link ReleaseWatch}
 * (a release's {@code NOTIFY} ends the pause of every waiter of the key in this process, and the
 * queue decides who gets in) for the {@link PollingBackoff} pause, at most until the first holder's
 * lease ends by the database's clock (a holder that died signals nothing). Its place lives
 * {@link #ENTRY_LIVES} pauses past each attempt, so a waiter that died blocks nobody for long.
 * Its own threads: renewal and callbacks ({@link LeaseRenewer}), clean-ups after unknown outcomes
 * ({@link Housekeeper}) and, from the first wait on, the listener ({@link ReleaseListener}).
 * Thread-safe.
 */
final class SharedLocks implements AutoCloseable {
  /** A waiter's place in the queue lives this many of its longest pauses past its last attempt. */
  static final int ENTRY_LIVES = 3;

  private final String name;
  private final JdbcHolders holders;
  private final ReleaseListener releases;
  private final LockListener listener;
  private final LeaseRenewer renewer;
  private final Housekeeper housekeeper;
  private final long maxPollNanos;
  private final Duration entryLife;
  /** Every share granted, for {@link #downgrade}; weak keys: a lease its caller dropped goes. */
  private final Map<Lease, ShareControl> shares = Collections.synchronizedMap(new WeakHashMap<>());
  private volatile boolean closed;

  SharedLocks(String name, DataSource dataSource, JdbcDialect dialect, String table, LockListener listener,
      Duration maxPollInterval, Duration operationTimeout, String threads) {
    this.name = name;
    this.releases = new ReleaseListener(dataSource, dialect, threads + "listener-" + table);
    this.holders = new JdbcHolders(dataSource, dialect, table, operationTimeout, releases);
    this.listener = LockListener.all(listener);
    this.renewer = new LeaseRenewer(threads);
    this.housekeeper = Housekeeper.start(threads);
    this.maxPollNanos = maxPollInterval.toNanos();
    this.entryLife = maxPollInterval.multipliedBy(ENTRY_LIVES);
  }

  /**
   * Takes a share of {@code kind} of {@code fullKey}; with {@code wait}, waits in the key's queue
   * up to the options' wait time, else makes one attempt, queueing nowhere.
   *
   * @return the share's lease, or empty when it did not come in time
   */
  Optional<Lease> take(LockKey key, String fullKey, SharedKind kind, int permits, LockOptions options,
      boolean wait) {
    if (closed) {
      throw new IllegalStateException(name + " is closed");
    }
    String owner = OwnerTokens.next();
    long startNanos = System.nanoTime();
    long deadlineNanos = startNanos + (wait ? options.waitTime().toNanos() : 0);
    boolean queue = deadlineNanos > startNanos;
    PollingBackoff backoff = new PollingBackoff(maxPollNanos);
    boolean contended = false;
    try (ReleaseWatch watch = queue ? holders.watch(fullKey) : ReleaseWatch.SLEEP) {
      while (true) {
        long sentNanos = System.nanoTime();
        StoreAttempt attempt = attempt(key, fullKey, owner, kind, permits, options, queue);
        if (attempt instanceof StoreAttempt.Granted granted) {
          return Optional.of(grant(new ShareControl(this, fullKey, kind), key, fullKey, owner,
              granted.fencingToken(), options, sentNanos, startNanos));
        }
        if (!contended) {
          listener.onContended(key); // once per take, not per attempt
          contended = true;
        }
        long leftNanos = deadlineNanos - System.nanoTime();
        if (leftNanos <= 0) {
          break;
        }
        long pauseNanos = backoff.nextNanos(((StoreAttempt.Held) attempt).holderLeftNanos());
        pause(watch, fullKey, Math.min(leftNanos, pauseNanos));
      }
    } catch (LockInterruptedException interrupted) {
      leave(fullKey, owner, options);
      throw interrupted;
    }
    if (queue) {
      leave(fullKey, owner, options);
    }
    listener.onTimedOut(key, System.nanoTime() - startNanos);
    return Optional.empty();
  }

  /**
   * Turns {@code write} into a read share of the same key in one statement.
   *
   * @throws IllegalArgumentException when {@code write} is no write lease of these locks on {@code fullKey}
   * @throws LeaseLostException when it was not held any more
   */
  Lease downgrade(Lease write, String fullKey, LockOptions options) {
    ShareControl control = shares.get(write);
    if (control == null || control.kind() != SharedKind.WRITE || !write.fullKey().equals(fullKey)) {
      throw new IllegalArgumentException("not a write lease of these read/write locks: " + write);
    }
    return control.downgrade(write, OwnerTokens.next(), options);
  }

  /** The downgrade inside {@code write}'s release: the read share, or {@code null} when the write lock was gone. */
  Lease downgraded(Lease write, String reader, LockOptions options, Duration within) {
    long sentNanos = System.nanoTime();
    OptionalLong token = holders.downgrade(write.fullKey(), write.ownerToken(), reader, options.leaseTime(), within);
    if (token.isEmpty()) {
      return null;
    }
    ShareControl control = new ShareControl(this, write.fullKey(), SharedKind.READ);
    return grant(control, write.key(), write.fullKey(), reader, token.getAsLong(), options, sentNanos, sentNanos);
  }

  private StoreAttempt attempt(LockKey key, String fullKey, String owner, SharedKind kind, int permits,
      LockOptions options, boolean queue) {
    try {
      return holders.take(fullKey, owner, kind, permits, options.leaseTime(), queue, entryLife);
    } catch (JdbcUnavailableException unknown) {
      // the transaction may have committed before its reply was lost: undo by owner token
      housekeeper.cleanUp(() -> tryEnd(fullKey, owner), options.leaseTime());
      listener.onError(key, unknown);
      throw unknown;
    } catch (LockException e) {
      if (!(e instanceof LockInterruptedException)) {
        listener.onError(key, e);
      }
      throw e;
    }
  }

  private Lease grant(ShareControl control, LockKey key, String fullKey, String owner, long token,
      LockOptions options, long sentNanos, long startNanos) {
    Lease lease = new Lease(control, key, fullKey, owner, token, options, sentNanos);
    shares.put(lease, control);
    lease.startRenewal();
    listener.onAcquired(key, System.nanoTime() - startNanos);
    return lease;
  }

  /** A waiter that stops waiting leaves the queue, so that it holds up nobody behind it. */
  private void leave(String fullKey, String owner, LockOptions options) {
    housekeeper.cleanUp(() -> tryEnd(fullKey, owner), options.leaseTime());
  }

  /** Ends what {@code owner} holds or waits for; the interrupt flag is kept aside, so that it reaches the table. */
  private boolean tryEnd(String fullKey, String owner) {
    boolean interrupted = Thread.interrupted();
    try {
      holders.end(fullKey, owner, Duration.ofNanos(Long.MAX_VALUE));
      return true;
    } catch (LockException stillFailing) {
      return false;
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
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

  JdbcHolders holders() {
    return holders;
  }

  LockListener listener() {
    return listener;
  }

  LeaseRenewer renewer() {
    return renewer;
  }

  /** Stops the listener, clean-ups and renewals; shares still held run out by their leases. */
  @Override
  public void close() {
    closed = true;
    releases.close();
    housekeeper.close();
    renewer.close();
  }
}
