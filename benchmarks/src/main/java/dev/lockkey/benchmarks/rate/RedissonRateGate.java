package dev.lockkey.benchmarks.rate;

import dev.lockkey.benchmarks.redis.RedisEndpoint;
import java.time.Duration;
import org.redisson.Redisson;
import org.redisson.api.RRateLimiter;
import org.redisson.api.RateType;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

/** Redisson's {@code RRateLimiter}: {@code limit} permits per second over all clients, Redisson's defaults. */
final class RedissonRateGate implements RateGate {
  private final RedissonClient redisson;
  private final RRateLimiter limiter;

  RedissonRateGate(RedisEndpoint redis, String key, long limit) {
    Config config = new Config();
    config.useSingleServer().setAddress("redis://" + redis.host() + ":" + redis.port());
    this.redisson = Redisson.create(config);
    this.limiter = redisson.getRateLimiter("redisson:" + key);
    limiter.trySetRate(RateType.OVERALL, limit, Duration.ofSeconds(1));
  }

  @Override
  public boolean tryAcquire() {
    return limiter.tryAcquire();
  }

  @Override
  public void close() {
    redisson.shutdown();
  }
}
