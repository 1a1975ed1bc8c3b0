package dev.lockkey.benchmarks.rate;

import dev.lockkey.Keyspace;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.ratelimit.RateLimit;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.ratelimit.RedisRateLimiter;
import java.time.Duration;
import redis.clients.jedis.RedisClient;

/**
 * LockKey's {@link RedisRateLimiter} with a fixed window of one second. The key object is built per
 * call, as a caller builds it per request.
 */
final class LockKeyRateGate implements RateGate {
  private final RedisClient jedis;
  private final RedisRateLimiter limiter;
  private final RateLimit limit;
  private final String name;

  LockKeyRateGate(RedisEndpoint redis, String name, long limit, boolean localDenials) {
    this.jedis = RedisClient.create(redis.host(), redis.port());
    RedisRateLimiter limiter = RedisRateLimiter.create(JedisConnection.of(jedis), Keyspace.of("bench"));
    this.limiter = localDenials ? limiter : limiter.withoutLocalDenials();
    this.limit = RateLimit.perWindow(limit, Duration.ofSeconds(1));
    this.name = name;
  }

  @Override
  public boolean tryAcquire() {
    return limiter.tryAcquire(BenchRateKey.of(name), limit).allowed();
  }

  @Override
  public void close() {
    jedis.close();
  }
}
