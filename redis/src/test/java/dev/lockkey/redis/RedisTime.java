package dev.lockkey.redis;

import java.util.List;
import redis.clients.jedis.UnifiedJedis;

/** Redis' own clock, read on the node that serves a key: tests measure spans with it, not the JVM's clock. */
public final class RedisTime {
  private RedisTime() {}

  /** Redis TIME in microseconds, read on the node serving {@code fullKey}. */
  public static long micros(UnifiedJedis jedis, String fullKey) {
    return (Long) jedis.eval("local t = redis.call('TIME') return tonumber(t[1]) * 1000000 + tonumber(t[2])",
        List.of(fullKey), List.of());
  }
}
