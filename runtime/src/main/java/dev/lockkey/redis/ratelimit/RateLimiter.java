package dev.lockkey.redis.ratelimit;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.internal.OwnerTokens;
import dev.lockkey.lock.LockException;
import dev.lockkey.lock.LockListener;
import dev.lockkey.redis.RedisUnavailableException;
import dev.lockkey.redis.internal.RedisFailures;
import java.util.Objects;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Applies {@link RateLimit}s to keys, each decision one atomic script on the key's slot:
 *
 * <pre>{@code
 * RateLimiter limiter = RateLimiter.create(redisClient, Keyspace.of("prod"));
 * RateDecision decision = limiter.tryAcquire(LoginAttemptsKey.of(username, Instant.now()), RateLimit.perKeyWindow(5));
 * if (!decision.allowed()) {
 *   throw new TooManyAttempts(decision.retryAfter());
 * }
 * }</pre>
 *
 * Redis failures surface as {@link RedisUnavailableException} (or, for an unexpected reply,
 * {@link LockException}): decide yourself whether to fail open or closed. Thread-safe; one per
 * application and key space is enough.
 */
public final class RateLimiter {
  private final UnifiedJedis jedis;
  private final Keyspace keyspace;
  private final LockListener listener;

  private RateLimiter(UnifiedJedis jedis, Keyspace keyspace, LockListener listener) {
    this.jedis = Objects.requireNonNull(jedis, "jedis");
    this.keyspace = Objects.requireNonNull(keyspace, "keyspace");
    this.listener = LockListener.all(listener);
  }

  /**
   * A limiter on this client (any {@code UnifiedJedis}, single server or cluster) and key space.
   *
   * @param jedis the client: any {@code UnifiedJedis}, single server or cluster (Jedis 6.0 to 8)
   * @param keyspace the key space, e.g. {@code Keyspace.of("prod")}
   * @return the limiter
   */
  public static RateLimiter create(UnifiedJedis jedis, Keyspace keyspace) {
    return create(jedis, keyspace, LockListener.NONE);
  }

  /**
   * A limiter that tells {@code listener} of every denial ({@link LockListener#onRateLimited}), e.g.
   * the executor's metrics listener.
   *
   * @param jedis the client: any {@code UnifiedJedis}, single server or cluster (Jedis 6.0 to 8)
   * @param keyspace the key space, e.g. {@code Keyspace.of("prod")}
   * @param listener who hears of denials
   * @return the limiter
   */
  public static RateLimiter create(UnifiedJedis jedis, Keyspace keyspace, LockListener listener) {
    return new RateLimiter(jedis, keyspace, listener);
  }

  /**
   * Asks for one permit; see {@link #tryAcquire(LockKey, RateLimit, long)}.
   *
   * @param key the key
   * @param limit the limit to apply
   * @return the decision: granted, or denied with when to retry
   */
  public RateDecision tryAcquire(LockKey key, RateLimit limit) {
    return tryAcquire(key, limit, 1);
  }

  /**
   * Asks for {@code permits} under {@code limit} for {@code key}, in one atomic call: either all are
   * granted and counted, or none (a denial counts nothing). Never waits.
   *
   * @param permits from 1 to {@link RateLimit#capacity()}
   * @param key the key
   * @param limit the limit to apply
   * @return the decision: granted, or denied with when to retry
   * @throws IllegalArgumentException when {@code permits} is out of that range, or the limit does
   *     not fit the key (a {@link RateLimit#perKeyWindow} limit needs one {@code @Window} field, a
   *     {@link RateLimit#smooth} limit none)
   * @throws RedisUnavailableException when Redis did not answer
   */
  public RateDecision tryAcquire(LockKey key, RateLimit limit, long permits) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(limit, "limit");
    if (permits < 1 || permits > limit.capacity()) {
      throw new IllegalArgumentException(
          "permits must be from 1 to " + limit.capacity() + " for " + limit + ", was " + permits);
    }
    String fullKey = keyspace.fullKey(limit.purpose(), key);
    RateDecision decision;
    try {
      decision = limit.decide(jedis, fullKey, key, permits, OwnerTokens.next());
    } catch (JedisException e) {
      throw RedisFailures.translate(fullKey, e);
    }
    if (!decision.allowed()) {
      listener.onRateLimited(key);
    }
    return decision;
  }

  @Override
  public String toString() {
    return "RateLimiter[" + keyspace.env() + "]";
  }
}
