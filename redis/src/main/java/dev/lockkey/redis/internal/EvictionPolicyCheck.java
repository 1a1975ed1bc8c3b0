package dev.lockkey.redis.internal;

import dev.lockkey.lock.LockListener;
import dev.lockkey.redis.EvictionSafety;
import dev.lockkey.redis.RedisLockExecutor;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import redis.clients.jedis.BuilderFactory;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.CommandObject;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.providers.ClusterConnectionProvider;

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

  private final UnifiedJedis jedis;
  private final LockListener listener;
  private volatile EvictionSafety finding = EvictionSafety.UNKNOWN;

  private EvictionPolicyCheck(UnifiedJedis jedis, LockListener listener) {
    this.jedis = jedis;
    this.listener = listener;
  }

  /** Starts the check in the background; {@link #finding()} is {@code UNKNOWN} until it is done. */
  public static EvictionPolicyCheck start(UnifiedJedis jedis, LockListener listener) {
    EvictionPolicyCheck check = new EvictionPolicyCheck(jedis, listener);
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
    boolean unknown = false;
    for (Map.Entry<String, Supplier<Map<String, String>>> node : nodes().entrySet()) {
      try {
        Map<String, String> config = node.getValue().get();
        String policy = config.get("maxmemory-policy");
        String limit = config.get("maxmemory");
        if (policy == null || limit == null) {
          unknown = true;
          LOG.log(Level.DEBUG, "{0} did not name its eviction policy: locks may or may not be evicted", node.getKey());
        } else if (!policy.equals("noeviction") && !limit.equals("0")) {
          evicting.add(node.getKey() + " (maxmemory-policy " + policy + ", maxmemory " + limit + ")");
        }
      } catch (JedisException | IllegalStateException e) {
        // CONFIG forbidden by the ACL or renamed by a managed Redis, or the node unreachable:
        // nothing the application has to act on, and the locks work all the same
        unknown = true;
        LOG.log(Level.DEBUG, "cannot read the eviction policy of " + node.getKey() + ": " + e.getMessage());
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

  /** The nodes to ask, by a name fit for a message, each with its CONFIG GET. */
  private Map<String, Supplier<Map<String, String>>> nodes() {
    ClusterConnectionProvider cluster = ClientTopology.clusterProvider(jedis);
    Map<String, ConnectionPool> clusterNodes = cluster == null ? null : cluster.getNodes();
    Map<String, Supplier<Map<String, String>>> nodes = new LinkedHashMap<>();
    if (clusterNodes == null) {
      nodes.put("the Redis server", () -> jedis.executeCommand(configGet()));
      return nodes;
    }
    clusterNodes.forEach((address, pool) -> nodes.put("node " + address, () -> {
      try (Connection connection = pool.getResource()) {
        return connection.executeCommand(configGet());
      }
    }));
    return nodes;
  }

  /** {@code CONFIG GET maxmemory*}: one pattern for both values, as Redis before 7 reads only one. */
  private static CommandObject<Map<String, String>> configGet() {
    CommandArguments arguments = new CommandArguments(Protocol.Command.CONFIG).add(Protocol.Keyword.GET).add("maxmemory*");
    return new CommandObject<>(arguments, BuilderFactory.STRING_MAP);
  }
}
