package dev.lockkey.redis.internal;

import dev.lockkey.lock.LockListener;
import dev.lockkey.redis.EvictionSafety;
import dev.lockkey.redis.RedisLockExecutor;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import dev.lockkey.redis.connection.RedisClientException;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.redis.connection.RedisNode;
import java.util.List;
import java.util.Map;

/**
 * Reads once, when an executor starts, whether Redis may evict keys when its memory is full
 * ({@code CONFIG GET maxmemory*}: the policy and the limit), on a daemon thread of its own so that
 * neither the build nor any acquire waits for it. On Redis Cluster it asks every node the client
 * knows. When a node may evict, it warns once through the log ({@link System.Logger}, WARNING, under
 * the name of {@link RedisLockExecutor}) and the listener
 * ({@link LockListener#onUnsafeConfiguration}); when CONFIG is not permitted or a node does not
 * answer, it logs at DEBUG only and the finding stays {@link EvictionSafety#UNKNOWN}. Thread-safe.
 */
public final class EvictionPolicyCheck {
  private static final System.Logger LOG = System.getLogger(RedisLockExecutor.class.getName());

  /** One pattern for both values, as Redis before 7 reads only one. */
  private static final String SETTINGS = "maxmemory*";

  private final RedisConnection redis;
  private final LockListener listener;
  private volatile EvictionSafety finding = EvictionSafety.UNKNOWN;

  private EvictionPolicyCheck(RedisConnection redis, LockListener listener) {
    this.redis = redis;
    this.listener = listener;
  }

  /** Starts the check in the background; {@link #finding()} is {@code UNKNOWN} until it is done. */
  public static EvictionPolicyCheck start(RedisConnection redis, LockListener listener) {
    EvictionPolicyCheck check = new EvictionPolicyCheck(redis, listener);
    Thread thread = new Thread(check::run, "lockkey-eviction-check");
    thread.setDaemon(true);
    thread.start();
    return check;
  }

  /** What the check found, or {@code UNKNOWN} while it runs. */
  public EvictionSafety finding() {
    return finding;
  }

  private void run() {
    List<String> evicting = new ArrayList<>();
    List<RedisNode> nodes;
    try {
      nodes = redis.nodes();
    } catch (RedisClientException | IllegalStateException e) {
      LOG.log(Level.DEBUG, "cannot list the Redis nodes to read their eviction policy: " + e.getMessage());
      return;
    }
    boolean unknown = nodes.isEmpty();
    for (RedisNode node : nodes) {
      try {
        Map<String, String> config = node.configGet(SETTINGS);
        String policy = config.get("maxmemory-policy");
        String limit = config.get("maxmemory");
        if (policy == null || limit == null) {
          unknown = true;
          LOG.log(Level.DEBUG, "{0} did not name its eviction policy: locks may or may not be evicted", node.name());
        } else if (!policy.equals("noeviction") && !limit.equals("0")) {
          evicting.add(node.name() + " (maxmemory-policy " + policy + ", maxmemory " + limit + ")");
        }
      } catch (RedisClientException | IllegalStateException e) {
        // CONFIG forbidden by the ACL or renamed by a managed Redis, or the node unreachable:
        // nothing the application has to act on, and the locks work all the same
        unknown = true;
        LOG.log(Level.DEBUG, "cannot read the eviction policy of " + node.name() + ": " + e.getMessage());
      }
    }
    if (!evicting.isEmpty()) {
      String warning = "Redis may evict lock keys when its memory is full: " + String.join(", ", evicting)
          + ". An evicted lock is free for another client while its holder still works. Set maxmemory-policy"
          + " noeviction (or maxmemory 0), or give the locks a Redis of their own.";
      LOG.log(Level.WARNING, warning);
      listener.onUnsafeConfiguration(warning);
      finding = EvictionSafety.UNSAFE;
    } else {
      finding = unknown ? EvictionSafety.UNKNOWN : EvictionSafety.SAFE;
    }
  }
}
