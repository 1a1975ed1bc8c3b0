package dev.lockkey.flight;

import dev.lockkey.LockKey;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.lock.LockedWork;

/**
 * Runs an expensive computation once for many identical requests across servers, and shares its
 * result, e.g. {@code dev.lockkey.redis.flight.RedisSingleFlight}:
 *
 * <pre>{@code
 * SingleFlight flights = RedisSingleFlight.create(redis, lockExecutor);
 * String summary = flights.run(DocumentSummaryKey.of(tenant, documentId, 2, content), summaries,
 *     lease -> model.summarize(content));
 * }</pre>
 *
 * A caller gets a stored result at once; otherwise one caller (the leader, holding the lock of
 * purpose {@value #FLIGHT_PURPOSE}) computes and stores it under purpose {@value #RESULT_PURPOSE},
 * and the others wait for it. A failure the options mark
 * {@link FlightOptions#deterministicFailure() deterministic} is shared for the failure TTL as a
 * {@link FlightFailedException}; any other failure lets the next waiter compute. Not
 * exactly-once: a leader that pauses beyond its lease lets a second leader compute (the fencing
 * token on the lease tells a guarded resource who came later). Implementations are thread-safe.
 */
public interface SingleFlight {
  /** The purpose word of stored results: {@code result:env:{body}}. */
  String RESULT_PURPOSE = "result";
  /** The purpose word of the lock that elects the leader: {@code flight:env:{body}}. */
  String FLIGHT_PURPOSE = "flight";

  /**
   * The result for {@code key}: stored, computed by another caller meanwhile, or computed here by
   * {@code work} (which gets the flight's lease, e.g. for its fencing token).
   *
   * @param <T> the type of the result
   * @param <E> the checked exception the work may throw
   * @param key the key
   * @param options the options of this flight
   * @param work the computation, run by the leader only
   * @return the result, as {@code work} returned it here or as the codec decoded it
   * @throws E what {@code work} threw here, unchanged
   * @throws FlightFailedException when a deterministic failure is shared
   * @throws LockTimeoutException when no result came within the lock options' wait time
   * @throws NullPointerException when {@code work} returned {@code null}
   * @throws LockException when the store failed before the computation ran here (never after it)
   */
  <T, E extends Exception> T run(LockKey key, FlightOptions<T> options, LockedWork<T, E> work) throws E;
}
