package dev.lockkey.spring.actuate;

import dev.lockkey.redis.RedisLockExecutor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.util.SafeEncoder;

/**
 * Whether LockKey can lock: Redis answers PING, the executor's release subscriber is connected
 * (or not needed yet; see {@code ExecutorStats#subscriberHealthy}), and Redis does not evict keys ({@code maxmemory-policy noeviction}): an evicted lock is a second
 * holder. A policy that cannot be read (CONFIG is often not permitted on managed Redis, and not
 * routed by cluster clients) counts as unknown, not as unsafe. Free of Spring Boot's health API,
 * which moved between Boot 3 and 4: the indicators of both adapt it.
 */
public final class LockKeyHealth {
  /** The only eviction policy under which a lock cannot vanish before its lease ends. */
  static final String SAFE_POLICY = "noeviction";
  private static final String POLICY = "maxmemory-policy";

  private final UnifiedJedis jedis;
  private final RedisLockExecutor executor;

  public LockKeyHealth(UnifiedJedis jedis, RedisLockExecutor executor) {
    this.jedis = jedis;
    this.executor = executor;
  }

  /** One check, now: a round trip or two to Redis. */
  public Report check() {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("environment", executor.keyspace().env());
    try {
      details.put("ping", jedis.ping());
    } catch (JedisException | UnsupportedOperationException e) {
      details.put("ping", "failed: " + e.getMessage());
      return new Report(false, details);
    }
    boolean subscriberHealthy = executor.stats().subscriberHealthy();
    details.put("subscriber", subscriberHealthy ? "connected" : "disconnected: waiters poll until it reconnects");
    String policy = evictionPolicy();
    details.put("maxmemoryPolicy", policy);
    boolean safe = policy.equals(SAFE_POLICY) || policy.startsWith("unknown");
    if (!safe) {
      details.put("problem", "maxmemory-policy " + policy + " may evict a held lock, and an evicted lock is a "
          + "second holder; set maxmemory-policy noeviction, or give locks a Redis of their own");
    }
    return new Report(subscriberHealthy && safe, details);
  }

  private String evictionPolicy() {
    Object reply;
    try {
      // UnifiedJedis has no configGet: the raw command, whose reply is a list under RESP2, a map under RESP3
      reply = jedis.sendCommand(Protocol.Command.CONFIG, "GET", POLICY);
    } catch (JedisException | UnsupportedOperationException notPermitted) {
      return "unknown (" + notPermitted.getMessage() + ")";
    }
    List<String> texts = new ArrayList<>();
    if (reply instanceof Map<?, ?> map) {
      map.forEach((name, value) -> {
        texts.add(SafeEncoder.encodeObject(name).toString());
        texts.add(SafeEncoder.encodeObject(value).toString());
      });
    } else if (reply instanceof List<?> list) {
      list.forEach(item -> texts.add(String.valueOf(SafeEncoder.encodeObject(item))));
    }
    int name = texts.indexOf(POLICY);
    return name >= 0 && name + 1 < texts.size() ? texts.get(name + 1) : "unknown (CONFIG GET " + POLICY + " returned nothing)";
  }

  /**
   * What one check found.
   *
   * @param up whether locks can be taken safely
   * @param details what was checked, for the health endpoint
   */
  public record Report(boolean up, Map<String, Object> details) {
    public Report {
      details = Collections.unmodifiableMap(new LinkedHashMap<>(details)); // in the order checked
    }
  }
}
