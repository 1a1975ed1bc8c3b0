package dev.lockkey.benchmarks.rate;

import dev.lockkey.benchmarks.redis.RedisEndpoint;
import java.util.List;
import java.util.Locale;

/** The rate limiters compared, in report order. */
public enum RateContender {
  /** LockKey's fixed window, with local denials (the default). */
  LOCKKEY("LockKey RedisRateLimiter, fixed window, local denials"),
  /** LockKey's fixed window asking Redis for every call. */
  LOCKKEY_REMOTE("LockKey RedisRateLimiter.withoutLocalDenials(), fixed window"),
  /** A fixed window in one short script, without retry safety: what one round trip costs at least. */
  FLOOR("one-script floor: GET, INCR, PEXPIRE on the first hit"),
  /** Bucket4j's compare-and-swap proxy on Jedis. */
  BUCKET4J("Bucket4j, Jedis compare-and-swap, refill intervally"),
  /** Redisson's RRateLimiter. */
  REDISSON("Redisson RRateLimiter, OVERALL");

  private final String description;

  RateContender(String description) {
    this.description = description;
  }

  /** What this contender is, for reports. */
  public String description() {
    return description;
  }

  /** The short name used in reports and on worker command lines. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Connects a limiter of {@code limit} permits per second on {@code key}. */
  public RateGate open(RedisEndpoint redis, String key, long limit) {
    return switch (this) {
      case LOCKKEY -> new LockKeyRateGate(redis, key, limit, true);
      case LOCKKEY_REMOTE -> new LockKeyRateGate(redis, key, limit, false);
      case FLOOR -> new FloorRateGate(redis, key, limit);
      case BUCKET4J -> new Bucket4jRateGate(redis, key, limit);
      case REDISSON -> new RedissonRateGate(redis, key, limit);
    };
  }

  /** Every contender, in report order. */
  public static List<RateContender> all() {
    return List.of(values());
  }
}
