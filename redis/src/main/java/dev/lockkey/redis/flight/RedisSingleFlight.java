package dev.lockkey.redis.flight;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.flight.FlightFailedException;
import dev.lockkey.flight.FlightListener;
import dev.lockkey.flight.FlightOptions;
import dev.lockkey.flight.SingleFlight;
import dev.lockkey.internal.AfterWork;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockTimeoutException;
import dev.lockkey.lock.LockedWork;
import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.redis.connection.RedisClientException;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.internal.LuaScript;
import dev.lockkey.redis.internal.RedisFailures;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * The {@link SingleFlight} on Redis: runs an expensive computation once for many identical requests
 * across servers, and shares its result:
 *
 * <pre>{@code
 * SingleFlight flights = RedisSingleFlight.create(redis, lockExecutor);
 * String summary = flights.run(DocumentSummaryKey.of(tenant, documentId, 2, content), summaries,
 *     lease -> model.summarize(content));
 * }</pre>
 *
 * <h2>How</h2>
 * A caller first reads {@code result:env:{body}}; a stored result is returned at once (a stored
 * deterministic failure is thrown as {@link FlightFailedException}). Otherwise it takes the lock
 * {@code flight:env:{body}} through the {@link RedisLockExecutor} (purpose
 * {@value #FLIGHT_PURPOSE}, the {@link FlightOptions#lockOptions() lock options}): the first caller
 * leads, and the others wait as lock waiters do, woken by the leader's release rather than
 * polling. Whoever gets the lock reads the result again, and computes only when there is none. The
 * leader stores the result in the same script that checks it still holds the lock, then releases.
 *
 * <h2>Failures</h2>
 * <ul>
 *   <li>A failure the options mark {@link FlightOptions#deterministicFailure() deterministic} is
 *       stored for the failure TTL: the leader gets its own exception, every waiter a
 *       {@link FlightFailedException} with its type and message.
 *   <li>Any other failure (and a {@code null} result, which cannot be stored) releases the lock
 *       without a result: the next waiter takes over and computes.
 *   <li>A leader that dies stops renewing its lease; when the lease runs out, a waiter takes over.
 *       A leader that lost its lease stores nothing, so it never overwrites its successor's result.
 *   <li>A caller that waited the whole wait time gets the executor's {@link LockTimeoutException},
 *       naming the flight's key; Redis failures surface as {@link RedisUnavailableException}.
 * </ul>
 *
 * <h2>Guarantees and limits</h2>
 * Within a result's time to live, one computation per key at a time across all servers sharing
 * Redis. It is not exactly-once: a leader that pauses beyond its lease, or a Redis failover that
 * loses the lock, lets a second leader compute (the fencing token on the lease tells a guarded
 * resource who came later). Thread-safe; one per application is enough.
 */
public final class RedisSingleFlight implements SingleFlight {
  private static final LuaScript STORE = LuaScript.load("flight-store");

  private final RedisConnection redis;
  private final RedisLockExecutor executor;
  private final Keyspace keyspace;
  private final FlightListener listener;

  private RedisSingleFlight(RedisConnection redis, RedisLockExecutor executor) {
    this.redis = Objects.requireNonNull(redis, "redis");
    this.executor = Objects.requireNonNull(executor, "executor");
    this.keyspace = executor.keyspace();
    this.listener = executor.listener() instanceof FlightListener flights ? flights : FlightListener.NONE;
  }

  /**
   * Single flights on {@code redis} (the connection the executor uses, or one to the same Redis), with
   * leaders elected through {@code executor}, in the executor's key space. The executor's listener
   * hears of shared answers when it is a {@link FlightListener}.
   *
   * @param redis the client through the connection port, e.g. {@code LettuceConnection.of(client)}
   * @param executor the executor that elects the leaders
   * @return the single flights
   */
  public static RedisSingleFlight create(RedisConnection redis, RedisLockExecutor executor) {
    return new RedisSingleFlight(redis, executor);
  }

  /**
   * {@inheritDoc}
   *
   * @throws RedisUnavailableException when Redis failed before the computation ran here
   */
  @Override
  public <T, E extends Exception> T run(LockKey key, FlightOptions<T> options, LockedWork<T, E> work) throws E {
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(work, "work");
    String resultKey = keyspace.fullKey(RESULT_PURPOSE, key);
    FlightRecord stored = read(resultKey);
    if (stored != null) {
      return answer(key, resultKey, stored, options);
    }
    Lease lease = executor.acquire(key, options.lockOptions());
    return AfterWork.run(executor, held -> lead(key, resultKey, options, work, held), lease, lease::release);
  }

  /** Holding the flight's lock: the result another leader stored meanwhile, or the work's, stored. */
  private <T, E extends Exception> T lead(LockKey key, String resultKey, FlightOptions<T> options,
      LockedWork<T, E> work, Lease lease) throws E {
    FlightRecord stored = read(resultKey);
    if (stored != null) {
      return answer(key, resultKey, stored, options);
    }
    T value;
    try {
      value = work.run(lease);
    } catch (Exception failure) {
      if (options.deterministicFailure().test(failure)) {
        share(lease, resultKey, failure, options);
      }
      throw failure;
    }
    Objects.requireNonNull(value, () -> "the computation for " + resultKey + " returned null, which cannot be shared");
    try {
      store(lease, resultKey, FlightRecord.ofValue(options.codec().encode(value)), options.resultTtl().toMillis());
    } catch (LockException unstored) { // the work ran: its result stands, and the next waiter computes anew
      executor.listener().onError(key, unstored);
      AfterWork.succeededThenFailed(executor, "storing its result", lease.fullKey(), unstored);
    }
    return value;
  }

  private FlightRecord read(String resultKey) {
    byte[] bytes;
    try {
      bytes = redis.get(resultKey.getBytes(StandardCharsets.UTF_8));
    } catch (RedisClientException e) {
      throw RedisFailures.translate(resultKey, e);
    }
    return bytes == null ? null : FlightRecord.fromBytes(resultKey, bytes);
  }

  private void store(Lease lease, String resultKey, FlightRecord record, long ttlMillis) {
    try {
      STORE.runBinary(redis,
          List.of(lease.fullKey().getBytes(StandardCharsets.UTF_8), resultKey.getBytes(StandardCharsets.UTF_8)),
          List.of(lease.ownerToken().getBytes(StandardCharsets.UTF_8), record.toBytes(),
              Long.toString(ttlMillis).getBytes(StandardCharsets.UTF_8)));
    } catch (RedisClientException e) {
      throw RedisFailures.translate(resultKey, e);
    }
  }

  /** Stores a deterministic failure; a Redis failure doing so must not hide the computation's own. */
  private void share(Lease lease, String resultKey, Exception failure, FlightOptions<?> options) {
    try {
      store(lease, resultKey, FlightRecord.ofFailure(failure), options.failureTtl().toMillis());
    } catch (LockException e) {
      failure.addSuppressed(e);
    }
  }

  /** The stored result or failure: another caller's computation, which the listener hears of as shared. */
  private <T> T answer(LockKey key, String resultKey, FlightRecord stored, FlightOptions<T> options) {
    listener.onFlightShared(key);
    if (stored.isFailure()) {
      throw new FlightFailedException(resultKey, stored.failureType(), stored.failureMessage());
    }
    return options.codec().decode(stored.value());
  }

  @Override
  public String toString() {
    return "RedisSingleFlight[" + keyspace.env() + "]";
  }
}
