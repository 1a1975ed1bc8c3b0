package dev.lockkey.lock;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.internal.AfterWork;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;

/**
 * Takes locks on {@link LockKey}s in one store: what every lock backend offers (Redis in
 * {@code dev.lockkey.redis.RedisLockExecutor}, DynamoDB in {@code lockkey-dynamodb}), so that code
 * which only needs a lock does not depend on the store. One executor per application and key space,
 * shared by all threads; thread-safe.
 *
 * <p>The contract, which one test suite checks on every backend: at most one lease holds a key at
 * a time while the store keeps its data and leases do not run out unnoticed; fencing tokens rise
 * strictly per key across holders, also after expiries; a lease's release and extension change
 * nothing once another holder took the lock; {@link #acquireAll} takes its keys in one canonical
 * order (sorted by full key), all or none. How each backend waits, what it costs and what it cannot
 * promise is the backend's own documentation (docs/BACKENDS.md compares them).
 */
public interface LockExecutor extends AutoCloseable {

  /** {@return the key space whose full keys this executor locks} */
  Keyspace keyspace();

  /** {@return the options used where none are given} */
  LockOptions defaultOptions();

  /**
   * {@link #tryAcquire(LockKey, LockOptions)} with the default options.
   *
   * @param key the lock's key
   * @return the lease, or empty when the lock is held
   */
  default Optional<Lease> tryAcquire(LockKey key) {
    return tryAcquire(key, defaultOptions());
  }

  /**
   * Takes the lock if it is free now, without waiting (the options' wait time is ignored).
   *
   * @param key the lock's key
   * @param options the lease time, renewal and replication of the lease
   * @return the lease, or empty when someone holds the lock (or another thread of this executor
   *     holds or is taking it)
   * @throws LockException when the store failed (a backend-specific subclass)
   */
  Optional<Lease> tryAcquire(LockKey key, LockOptions options);

  /**
   * {@link #acquire(LockKey, LockOptions)} with the default options.
   *
   * @param key the lock's key
   * @return the lease; close it to release the lock
   */
  default Lease acquire(LockKey key) {
    return acquire(key, defaultOptions());
  }

  /**
   * Takes the lock, waiting at most the options' wait time for it.
   *
   * @param key the lock's key
   * @param options the wait time, lease time, renewal and replication
   * @return the lease; close it to release the lock
   * @throws LockTimeoutException when it stayed held for the whole wait time
   * @throws LockInterruptedException when the thread was interrupted while waiting
   * @throws LockException when the store failed (a backend-specific subclass)
   */
  Lease acquire(LockKey key, LockOptions options);

  /**
   * {@link #withLock(LockKey, LockOptions, LockedWork)} with the default options.
   *
   * @param <T> the work's result
   * @param <E> what the work may throw
   * @param key the lock's key
   * @param work what runs while the lock is held, given the lease
   * @return what the work returned
   * @throws E what the work threw, unchanged
   * @throws LockException as {@link #acquire(LockKey, LockOptions)}: only when the work did not run
   */
  default <T, E extends Exception> T withLock(LockKey key, LockedWork<T, E> work) throws E {
    return withLock(key, defaultOptions(), work);
  }

  /**
   * Takes the lock as {@link #acquire(LockKey, LockOptions)} does, runs {@code work} with the lease
   * and releases the lock, also when the work throws. Once the work ran, its outcome is what the
   * caller gets, whatever the release does: a release that fails does not replace the work's result
   * (the caller would take it for "no lock" and run the work again) but goes to the listener's
   * {@link LockListener#onError onError} and a {@code WARNING} log (the {@link System.Logger} named
   * after the executor's package, e.g. {@code dev.lockkey.redis}), and the lock stays until its
   * lease runs out. A lease lost during the work, which the release finds, is no failure either:
   * the loss went to {@link LockListener#onLeaseLost onLeaseLost} and {@link LockOptions#onLost()}.
   * A work that must not go on unlocked asks {@link Lease#checkHeld()}; the
   * {@link LeaseLostException} it throws then is the work's own exception. Every backend gets this
   * from this default; one that overrides it keeps these rules.
   *
   * @param <T> the work's result
   * @param <E> what the work may throw
   * @param key the lock's key
   * @param options the wait time, lease time, renewal and replication
   * @param work what runs while the lock is held, given the lease
   * @return what the work returned
   * @throws E what the work threw, unchanged (a release that failed then suppressed in it)
   * @throws LockException as {@link #acquire(LockKey, LockOptions)}: only when the work did not run
   */
  default <T, E extends Exception> T withLock(LockKey key, LockOptions options, LockedWork<T, E> work) throws E {
    Objects.requireNonNull(work, "work");
    Lease lease = acquire(key, options);
    return AfterWork.run(this, work, lease, lease::release);
  }

  /**
   * {@link #acquireAll(Collection, LockOptions)} with the default options.
   *
   * @param keys the locks' keys, at least one
   * @return the leases of all keys; close it to release them all
   */
  default MultiLease acquireAll(Collection<? extends LockKey> keys) {
    return acquireAll(keys, defaultOptions());
  }

  /**
   * Takes the locks of all {@code keys} (duplicates count once), or none, in one canonical order
   * (sorted by full key, so two callers never deadlock), waiting at most the options' wait time in
   * all. Whether a lease taken early still runs a full lease time when this returns is the
   * backend's to say (a lease taken before a long wait for the next key has less left, unless the
   * backend extends it).
   *
   * @param keys the locks' keys, at least one
   * @param options the wait time (for all keys together), lease time, renewal and replication
   * @return the leases of all keys; close it to release them all
   * @throws IllegalArgumentException when {@code keys} is empty
   * @throws LockTimeoutException naming a key that stayed held
   * @throws LockInterruptedException when the thread was interrupted while waiting
   * @throws LockException when the store failed (a backend-specific subclass)
   */
  MultiLease acquireAll(Collection<? extends LockKey> keys, LockOptions options);

  /**
   * Stops the renewal watchdog (leases still held then run out by their lease time) and whatever
   * else the executor runs. Does not close the store's client, which stays the caller's. Further
   * acquisitions fail with {@link IllegalStateException}.
   */
  @Override
  void close();
}
