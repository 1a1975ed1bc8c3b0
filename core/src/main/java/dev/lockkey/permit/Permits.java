package dev.lockkey.permit;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.internal.AfterWork;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.lock.LockedWork;
import java.util.Objects;
import java.util.Optional;

/**
 * Counting permits per key, like {@link java.util.concurrent.Semaphore} across processes: at most
 * N holders of a key at once (N in {@link PermitOptions}). Every permit is a {@link Lease} of its
 * own, with an owner token, a fencing token (higher than that of every earlier permit of the key),
 * renewal and the lost signal, as a lock's lease: a holder that crashes gives its permit back when
 * its lease runs out, without any reset. Close the lease (try-with-resources) to give it back.
 *
 * <p>Waiting is fair: waiters queue in the store in order of arrival, a freed permit goes to the
 * first waiter in the queue (one waiter woken per freed permit, across processes), and a caller
 * that does not wait ({@link #tryAcquire}) gets no permit while others queue for it. Thread-safe.
 */
public interface Permits extends AutoCloseable {

  /**
   * The key space whose full keys these permits use.
   *
   * @return the key space whose full keys these permits use
   */
  Keyspace keyspace();

  /**
   * Takes a permit of {@code key} if one is free now and nobody queues for one; never waits.
   *
   * @param key the key
   * @param options N and the lease
   * @return the permit's lease, or empty when all N are held or others wait
   * @throws LockException when the store did not answer
   */
  Optional<Lease> tryAcquire(LockKey key, PermitOptions options);

  /**
   * Takes a permit of {@code key}, waiting up to the lease options' wait time in the key's queue.
   *
   * @param key the key
   * @param options N and the lease
   * @return the permit's lease
   * @throws LockTimeoutException when no permit came in time
   * @throws dev.lockkey.lock.LockInterruptedException when the thread was interrupted while waiting
   * @throws LockException when the store did not answer
   */
  Lease acquire(LockKey key, PermitOptions options);

  /**
   * Runs {@code work} holding a permit of {@code key}, then gives the permit back; once the work ran,
   * its outcome is what the caller gets (a failed give-back is logged, the permit then runs out).
   *
   * @param <T> the result type
   * @param <E> what the work may throw
   * @param key the key
   * @param options N and the lease
   * @param work the work, given the permit's lease (for its fencing token)
   * @return what the work returned
   * @throws E what the work threw
   * @throws LockTimeoutException when no permit came in time (the work did not run)
   */
  default <T, E extends Exception> T withPermit(LockKey key, PermitOptions options, LockedWork<T, E> work) throws E {
    Objects.requireNonNull(work, "work");
    Lease lease = acquire(key, options);
    return AfterWork.run(getClass(), work, lease, lease::release);
  }

  /** Stops renewals and the wake-up subscription; permits still held run out by their leases. */
  @Override
  void close();
}
