package dev.lockkey.redis.internal;

import dev.lockkey.internal.Housekeeper;
import dev.lockkey.internal.LeaseRenewer;
import dev.lockkey.lock.LockListener;
import dev.lockkey.redis.connection.RedisConnection;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What every purpose of one owner (an executor, or a purpose created on its own) holds its records
 * through: the connection, the listener, the renewal and callback threads ({@link LeaseRenewer}),
 * the clean-ups after unknown outcomes ({@link Housekeeper}), the one subscriber connection
 * ({@link ReleaseNotifier}) and the shared locks' state ({@link SharedLocks}, made at first use).
 * Closed once, by its owner alone: a purpose that only borrows it closes nothing. Not API.
 * Thread-safe.
 */
public final class LeaseMachinery implements AutoCloseable {
  private final RedisConnection redis;
  private final LockListener listener;
  private final LeaseRenewer renewer;
  private final Housekeeper housekeeper;
  private final ReleaseNotifier notifier;
  private final AtomicBoolean closed = new AtomicBoolean();
  private SharedLocks sharedLocks; // guarded by this

  private LeaseMachinery(RedisConnection redis, LockListener listener, String threads) {
    this.redis = redis;
    this.listener = LockListener.all(listener);
    this.renewer = new LeaseRenewer(threads);
    this.housekeeper = Housekeeper.start(threads);
    this.notifier = new ReleaseNotifier(redis, renewer.housekeeping());
  }

  /**
   * Starts the machinery (its threads start at first use).
   *
   * @param redis the connection (kept and closed by the caller)
   * @param listener told of acquisitions, releases, renewals, losses and errors; shielded here
   * @param threads the start of the threads' names, e.g. {@code lockkey-}
   * @return the machinery; its owner closes it
   */
  public static LeaseMachinery start(RedisConnection redis, LockListener listener, String threads) {
    return new LeaseMachinery(redis, listener, threads);
  }

  /** {@return the connection} */
  public RedisConnection redis() {
    return redis;
  }

  /** {@return the listener, shielded so that it never throws} */
  public LockListener listener() {
    return listener;
  }

  /** {@return the renewal and callback threads} */
  public LeaseRenewer renewer() {
    return renewer;
  }

  /** {@return the clean-ups after unknown outcomes} */
  public Housekeeper housekeeper() {
    return housekeeper;
  }

  /** {@return the subscriber} */
  public ReleaseNotifier notifier() {
    return notifier;
  }

  /** {@return the locks with several holders, one for every view of this machinery (a downgrade finds its write lease)} */
  public synchronized SharedLocks sharedLocks() {
    if (sharedLocks == null) {
      sharedLocks = new SharedLocks(this);
    }
    return sharedLocks;
  }

  /**
   * Fails when closed: a purpose that borrows the machinery must not run on without renewals.
   *
   * @param user who asks, for the message
   * @throws IllegalStateException when closed
   */
  public void ensureOpen(Object user) {
    if (closed.get()) {
      throw new IllegalStateException(user + " is closed");
    }
  }

  /** Stops the subscriber, the renewals and the clean-ups still due; once. */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      notifier.close();
      renewer.close();
      housekeeper.close();
    }
  }
}
