package dev.lockkey.idempotency;

import dev.lockkey.LockKey;
import dev.lockkey.lock.LockException;

/**
 * Runs a call at most once per key and payload, stores its result, and replays it to every later
 * call with the same key and payload, across servers, e.g.
 * {@code dev.lockkey.redis.idempotency.RedisIdempotentCalls}:
 *
 * <pre>{@code
 * IdempotentCalls calls = RedisIdempotentCalls.create(redis, Keyspace.of("prod"));
 * Receipt receipt = calls.run(CaptureKey.of(tenant, idempotencyKey), CaptureRequestFingerprint.of(request),
 *     captures, fencingToken -> payments.capture(request, fencingToken));
 * }</pre>
 *
 * The same key with another payload is refused ({@link IdempotencyConflictException}, Stripe's
 * rule); a call still running elsewhere is waited for or refused, as
 * {@link IdempotencyOptions#inProgress()} says; a failure the options classify as final is stored
 * and replayed ({@link IdempotencyFailedException}). Not exactly-once: a store that loses a record
 * lets the work run again, so work with outside effects should pass the fencing token on.
 * Implementations are thread-safe; close them when done.
 */
public interface IdempotentCalls extends AutoCloseable {
  /**
   * The result of the call {@code key} with this payload: replayed from its record, waited for, or
   * computed here by {@code work}.
   *
   * @param <T> the result type
   * @param <E> what {@code work} may throw
   * @param key the call's identity: the business key, or a client's idempotency key of its own spec
   * @param fingerprint the payload's fingerprint, as a generated {@code XFingerprint.of(payload)}
   *     returns it: 32 lowercase hex digits
   * @param options how this kind of call is stored, replayed and waited for; the same for every
   *     call of the key
   * @param work the work, run here only when no record of the call exists (or its leader's lease
   *     ran out)
   * @return the result, as {@code work} returned it here or as the codec decoded it
   * @throws E what {@code work} threw here, unchanged
   * @throws IdempotencyConflictException when the key was first used with another payload
   * @throws IdempotencyInProgressException when the call runs elsewhere and did not finish in time
   * @throws IdempotencyFailedException when the first call failed finally
   * @throws IllegalArgumentException when {@code fingerprint} is not 32 lowercase hex digits
   * @throws NullPointerException when {@code work} returned {@code null}
   * @throws LockException when the store failed before the work ran
   */
  <T, E extends Exception> T run(LockKey key, String fingerprint, IdempotencyOptions<T> options,
      IdempotentWork<T, E> work) throws E;

  /**
   * Stops what the calls hold (e.g. a renewal thread, a subscription); calls running meanwhile
   * keep their records until their leases run out.
   */
  @Override
  void close();
}
