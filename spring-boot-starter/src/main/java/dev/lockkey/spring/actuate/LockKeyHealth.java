package dev.lockkey.spring.actuate;

import dev.lockkey.redis.RedisLockExecutor;
import dev.lockkey.redis.connection.RedisClientException;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.connection.RedisNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether LockKey can lock: Redis answers PING, the executor's release subscriber is connected (or
 * not needed yet; see {@code ExecutorStats#subscriberHealthy}), and Redis does not evict keys
 * ({@code maxmemory-policy noeviction}): an evicted lock is a second holder. The policy is read from
 * {@code INFO memory}, which managed Redis services answer where they refuse CONFIG GET (on a
 * cluster, one node answers: set the policy on all of them); a policy that cannot be read counts as
 * unknown, not as unsafe.
 * Free of Spring Boot's health API, which moved between Boot 3 and 4: the indicators of both
 * adapt it.
 */
public final class LockKeyHealth {
  /** The only eviction policy under which a lock cannot vanish before its lease ends. */
  static final String SAFE_POLICY = "noeviction";
  private static final String POLICY_FIELD = "maxmemory_policy:";

  private final RedisConnection redis;
  private final RedisLockExecutor executor;

  /**
   * A check of {@code executor}'s Redis.
   *
   * @param redis the connection the executor uses, pinged and asked for its eviction policy
   * @param executor the lock executor whose key space and subscriber are reported
   */
  public LockKeyHealth(RedisConnection redis, RedisLockExecutor executor) {
    this.redis = redis;
    this.executor = executor;
  }

  /** {@return the result of one check, now: a round trip or two to Redis} */
  public Report check() {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("environment", executor.keyspace().env());
    try {
      details.put("ping", redis.ping());
    } catch (RedisClientException | UnsupportedOperationException e) {
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
    String memory;
    try {
      List<RedisNode> nodes = redis.nodes();
      if (nodes.isEmpty()) {
        return "unknown (no node known yet)";
      }
      memory = nodes.get(0).info("memory");
    } catch (RedisClientException | UnsupportedOperationException notAnswered) {
      return "unknown (" + notAnswered.getMessage() + ")";
    }
    return memory.lines()
        .filter(line -> line.startsWith(POLICY_FIELD))
        .map(line -> line.substring(POLICY_FIELD.length()).strip())
        .findFirst()
        .orElse("unknown (INFO memory names no maxmemory_policy)");
  }

  /**
   * What one check found.
   *
   * @param up whether locks can be taken safely
   * @param details what was checked, for the health endpoint
   */
  public record Report(boolean up, Map<String, Object> details) {
    /**
     * Copies {@code details}, keeping their order.
     *
     * @param up whether locks can be taken safely
     * @param details what was checked, in the order checked
     */
    public Report {
      details = Collections.unmodifiableMap(new LinkedHashMap<>(details)); // in the order checked
    }
  }
}
