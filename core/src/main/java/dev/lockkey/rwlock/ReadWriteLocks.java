package dev.lockkey.rwlock;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.internal.AfterWork;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.lock.LockedWork;
import java.util.Objects;
import java.util.Optional;

/**
 * Read/write locks per key across processes: many readers or one writer at a time. Every read
 * share and every write lock is a {@link Lease} of its own (owner token, fencing token, renewal,
 * lost signal), so a reader or writer that crashes frees its share when its lease runs out. Fencing
 * tokens of one key rise across readers and writers alike: a writer's is higher than that of every
 * earlier reader and writer.
 *
 * <p><b>Policy: a waiting writer blocks new readers.</b> Waiters queue in the store in order of
 * arrival. A reader gets in when no writer holds the lock and no writer queues ahead of it; a
 * writer when nobody holds the lock and it is first in the queue. So a writer behind a continuous
 * stream of readers waits for the readers already inside only (at most their lease time, or until
 * they release), and readers that come after it wait for it.
 *
 * <p><b>No upgrade from read to write.</b> Two readers that both try to upgrade would each wait
 * for the other's read share to end: a deadlock that only a lease's end breaks. Release the read
 * share and take the write lock instead (and check again what was read). <b>Downgrade</b> is
 * offered ({@link #downgrade}): a writer becomes a reader atomically, with nobody writing in between.
 * Thread-safe.
 */
public interface ReadWriteLocks extends AutoCloseable {

  /**
   * The key space whose full keys these locks use.
   *
   * @return the key space whose full keys these locks use
   */
  Keyspace keyspace();

  /**
   * Takes a read share of {@code key} if no writer holds or waits; never waits.
   *
   * @param key the key
   * @param options the lease; its purpose word names the store entries ({@code rw} for the default)
   * @return the read share's lease, or empty
   * @throws LockException when the store did not answer
   */
  Optional<Lease> tryRead(LockKey key, LockOptions options);

  /**
   * Takes a read share of {@code key}, waiting up to the options' wait time.
   *
   * @param key the key
   * @param options the lease and the wait time
   * @return the read share's lease
   * @throws LockTimeoutException when it did not come in time
   * @throws LockException when the store did not answer
   */
  Lease read(LockKey key, LockOptions options);

  /**
   * Takes the write lock of {@code key} if nobody holds it or waits for it; never waits.
   *
   * @param key the key
   * @param options the lease
   * @return the write lock's lease, or empty
   * @throws LockException when the store did not answer
   */
  Optional<Lease> tryWrite(LockKey key, LockOptions options);

  /**
   * Takes the write lock of {@code key}, waiting up to the options' wait time; while it waits,
   * readers that come after it wait too.
   *
   * @param key the key
   * @param options the lease and the wait time
   * @return the write lock's lease
   * @throws LockTimeoutException when it did not come in time
   * @throws LockException when the store did not answer
   */
  Lease write(LockKey key, LockOptions options);

  /**
   * Turns a held write lock into a read share in one step: readers may join at once, no writer
   * gets in between. The write lease is released by it; the read share keeps its fencing token.
   *
   * @param writeLease a write lease of these locks, still held
   * @param options the read share's lease
   * @return the read share's lease
   * @throws dev.lockkey.lock.LeaseLostException when the write lease was not held any more
   * @throws IllegalArgumentException when {@code writeLease} is no write lease of these locks
   * @throws LockException when the store did not answer
   */
  Lease downgrade(Lease writeLease, LockOptions options);

  /**
   * Runs {@code work} holding a read share of {@code key}, then releases it.
   *
   * @param <T> the result type
   * @param <E> what the work may throw
   * @param key the key
   * @param options the lease and the wait time
   * @param work the work
   * @return what the work returned
   * @throws E what the work threw
   */
  default <T, E extends Exception> T withRead(LockKey key, LockOptions options, LockedWork<T, E> work) throws E {
    Objects.requireNonNull(work, "work");
    Lease lease = read(key, options);
    return AfterWork.run(getClass(), work, lease, lease::release);
  }

  /**
   * Runs {@code work} holding the write lock of {@code key}, then releases it.
   *
   * @param <T> the result type
   * @param <E> what the work may throw
   * @param key the key
   * @param options the lease and the wait time
   * @param work the work
   * @return what the work returned
   * @throws E what the work threw
   */
  default <T, E extends Exception> T withWrite(LockKey key, LockOptions options, LockedWork<T, E> work) throws E {
    Objects.requireNonNull(work, "work");
    Lease lease = write(key, options);
    return AfterWork.run(getClass(), work, lease, lease::release);
  }

  /** Stops renewals and the wake-up subscription; leases still held run out. */
  @Override
  void close();
}
