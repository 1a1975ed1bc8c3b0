package dev.lockkey.redis.ratelimit;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.lock.LockException;
import dev.lockkey.ratelimit.FixedWindowLimit;
import dev.lockkey.ratelimit.RateDecision;
import dev.lockkey.ratelimit.RateLimit;
import dev.lockkey.ratelimit.RateLimitListener;
import dev.lockkey.ratelimit.RateLimiter;
import dev.lockkey.ratelimit.SmoothLimit;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.redis.connection.RedisClientException;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.internal.LuaScript;
import dev.lockkey.redis.internal.RedisFailures;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Applies {@link RateLimit}s to keys in Redis, each decision one atomic script on the key's slot:
 *
 * <pre>{@code
 * RateLimiter limiter = RedisRateLimiter.create(redis, Keyspace.of("prod"));
 * RateDecision decision = limiter.tryAcquire(LoginAttemptsKey.of(username, Instant.now()), RateLimit.perKeyWindow(5));
 * if (!decision.allowed()) {
 *   throw new TooManyAttempts(decision.retryAfter());
 * }
 * }</pre>
 *
 * A {@link FixedWindowLimit} counts in {@code rate:env:{body}}, a {@link SmoothLimit} keeps its
 * GCRA timestamp of Redis TIME in {@code gcra:env:{body}}; the ids of admitted attempts live next
 * to the state, in {@code attempts:purpose:env:{body}} (same hash slot), so a call that the client
 * sent twice (a retry after a timeout) counts once.
 *
 * <p>A limit that Redis reported used up is denied locally until Redis could admit again: a fixed
 * window until it ends (by the time left that Redis reported, on this JVM's monotonic clock), a
 * smooth limit until the retry-after that Redis reported. Such a denial sends no command, and it is
 * exact: the window's counter only grows and the GCRA timestamp only moves forward until then, and
 * each deadline counts from the moment the call was sent, so it ends no later than Redis's. Calls
 * that may be admitted always go to Redis, one script each. The limiter remembers at most 10,000
 * used-up limits and forgets each once it is free again. A limit's key deleted in Redis (a manual
 * reset) is seen by this limiter only when its remembered deadline has passed:
 * {@link #withoutLocalDenials()} asks Redis every time.
 *
 * <p>Redis failures surface as {@link RedisUnavailableException} (or, for an unexpected reply,
 * {@link LockException}): decide yourself whether to fail open or closed. Thread-safe; one per
 * application and key space is enough.
 */
public final class RedisRateLimiter implements RateLimiter {
  private static final LuaScript FIXED_WINDOW = LuaScript.load("rate-fixed-window");
  private static final LuaScript GCRA = LuaScript.load("rate-gcra");

  /** How many used-up limits one limiter remembers at most. */
  static final int LOCAL_DENIALS_CAPACITY = 10_000;

  private final RedisConnection redis;
  private final Keyspace keyspace;
  private final RateLimitListener listener;
  private final AttemptIds attemptIds = new AttemptIds();
  /** Null when every call asks Redis. */
  private final LocalDenials localDenials;

  private RedisRateLimiter(RedisConnection redis, Keyspace keyspace, RateLimitListener listener, LocalDenials localDenials) {
    this.redis = Objects.requireNonNull(redis, "redis");
    this.keyspace = Objects.requireNonNull(keyspace, "keyspace");
    this.listener = Objects.requireNonNull(listener, "listener");
    this.localDenials = localDenials;
  }

  /**
   * A limiter on any Redis client through the connection port, and key space.
   *
   * @param redis the client through the connection port, e.g. {@code LettuceConnection.of(client)}
   * @param keyspace the key space, e.g. {@code Keyspace.of("prod")}
   * @return the limiter
   */
  public static RedisRateLimiter create(RedisConnection redis, Keyspace keyspace) {
    return create(redis, keyspace, RateLimitListener.NONE);
  }

  /**
   * A limiter that tells {@code listener} of every denial ({@link RateLimitListener#onRateLimited}),
   * e.g. the executor's {@code MicrometerLockListener}.
   *
   * @param redis the client through the connection port, e.g. {@code LettuceConnection.of(client)}
   * @param keyspace the key space, e.g. {@code Keyspace.of("prod")}
   * @param listener who hears of denials; what it throws is ignored
   * @return the limiter
   */
  public static RedisRateLimiter create(RedisConnection redis, Keyspace keyspace, RateLimitListener listener) {
    return new RedisRateLimiter(redis, keyspace, listener, new LocalDenials(LOCAL_DENIALS_CAPACITY));
  }

  /**
   * A limiter like this one that asks Redis for every call, also where it could deny locally: for
   * limits that are reset by deleting their key in Redis, which a local denial would not see until
   * the window or the retry-after it remembered has passed.
   *
   * @return a limiter on the same client, key space and listener that asks Redis for every call
   */
  public RedisRateLimiter withoutLocalDenials() {
    return new RedisRateLimiter(redis, keyspace, listener, null);
  }

  /**
   * {@inheritDoc}
   *
   * @throws RedisUnavailableException when Redis did not answer
   */
  @Override
  public RateDecision tryAcquire(LockKey key, RateLimit limit, long permits) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(limit, "limit");
    if (permits < 1 || permits > limit.capacity()) {
      throw new IllegalArgumentException(
          "permits must be from 1 to " + limit.capacity() + " for " + limit + ", was " + permits);
    }
    RateDecision decision = localDenials == null ? null : localDenials.denial(limit, key, permits);
    if (decision == null) {
      decision = askRedis(key, limit, permits);
    }
    if (!decision.allowed()) {
      try {
        listener.onRateLimited(key);
      } catch (RuntimeException ignored) {
        // observing must never break the limiter
      }
    }
    return decision;
  }

  private RateDecision askRedis(LockKey key, RateLimit limit, long permits) {
    String fullKey = keyspace.fullKey(limit.purpose(), key);
    long sentNanos = System.nanoTime();
    RateDecision decision;
    try {
      decision = decide(limit, fullKey, key, permits, attemptIds.next());
    } catch (RedisClientException e) {
      throw RedisFailures.translate(fullKey, e);
    }
    if (localDenials != null) {
      localDenials.learn(limit, key, decision, sentNanos);
    }
    return decision;
  }

  /**
   * Decides one call in one script. {@code attemptId} is fresh for each call: a second run of the
   * same call (a client's retry after a timeout) finds it among the admitted ones and counts nothing.
   */
  RateDecision decide(RateLimit limit, String fullKey, LockKey key, long permits, String attemptId) {
    List<String> keys = List.of(fullKey, attemptsKey(fullKey));
    if (limit instanceof FixedWindowLimit fixed) {
      Object reply = FIXED_WINDOW.run(redis, keys, List.of(Long.toString(fixed.limit()),
          Long.toString(fixed.windowMillis(key)), Long.toString(permits), attemptId));
      return decision(reply, TimeUnit.MILLISECONDS);
    }
    SmoothLimit smooth = (SmoothLimit) limit; // RateLimit is sealed: fixed window or smooth
    smooth.requireFits(key);
    Object reply = GCRA.run(redis, keys, List.of(Long.toString(smooth.intervalMicros()),
        Long.toString(smooth.burst()), Long.toString(permits), attemptId, Long.toString(smooth.attemptMemoryMicros())));
    return decision(reply, TimeUnit.MICROSECONDS);
  }

  /**
   * The key that keeps the ids of admitted attempts next to the limit's state {@code fullKey}: in
   * the same hash slot, {@code attempts:purpose:env:{body}}.
   */
  static String attemptsKey(String fullKey) {
    return "attempts:" + fullKey;
  }

  /** Reads a limit script's reply {@code {allowed, remaining, retryAfter, resetAfter}}, durations in {@code unit}. */
  private static RateDecision decision(Object reply, TimeUnit unit) {
    List<?> values = (List<?>) reply;
    return new RateDecision(
        (Long) values.get(0) == 1L,
        (Long) values.get(1),
        Duration.of((Long) values.get(2), unit.toChronoUnit()),
        Duration.of((Long) values.get(3), unit.toChronoUnit()));
  }

  @Override
  public String toString() {
    return "RedisRateLimiter[" + keyspace.env() + "]";
  }
}
