package dev.lockkey.benchmarks.rate;

import dev.lockkey.benchmarks.redis.RedisEndpoint;
import java.util.List;
import redis.clients.jedis.RedisClient;

/**
 * The floor of a fixed window on Redis: one EVALSHA of a script that reads the counter, denies a
 * full window, else increments it and starts the window's expiry on its first hit. Not retry-safe
 * (a resent call counts twice) and without remaining permits or retry-after: the least one round
 * trip per decision costs.
 */
final class FloorRateGate implements RateGate {
  private static final String SCRIPT = "local c = tonumber(redis.call('GET', KEYS[1]) or '0')"
      + " if c >= tonumber(ARGV[1]) then return 0 end"
      + " if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], 1000) end return 1";

  private final RedisClient jedis;
  private final String sha;
  private final List<String> keys;
  private final List<String> args;

  FloorRateGate(RedisEndpoint redis, String key, long limit) {
    this.jedis = RedisClient.create(redis.host(), redis.port());
    this.sha = jedis.scriptLoad(SCRIPT);
    this.keys = List.of("floor:" + key);
    this.args = List.of(Long.toString(limit));
  }

  @Override
  public boolean tryAcquire() {
    return (Long) jedis.evalsha(sha, keys, args) == 1L;
  }

  @Override
  public void close() {
    jedis.close();
  }
}
