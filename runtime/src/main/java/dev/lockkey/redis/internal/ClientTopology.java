package dev.lockkey.redis.internal;

import java.lang.reflect.Field;
import java.util.Optional;
import java.util.Set;
import redis.clients.jedis.Connection;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.providers.ClusterConnectionProvider;
import redis.clients.jedis.providers.ConnectionProvider;

/**
 * What a Jedis client talks to, on every supported Jedis (6.0 to 8), without naming a class or
 * method that one of them lacks. Jedis' cluster clients differ by version: {@code JedisCluster}
 * (all versions, deprecated in 8) and {@code RedisClusterClient} (7.2 and later), and
 * {@code UnifiedJedis.pipelined()} returns another type in Jedis 6 than in 8. Naming either would
 * fail at link time ({@code NoClassDefFoundError} or {@code NoSuchMethodError} on Jedis 6), so
 * classes are compared by name, and connections come from the client's {@link ConnectionProvider},
 * an interface every supported version has. Not API.
 */
public final class ClientTopology {
  private static final Set<String> CLUSTER_CLIENTS =
      Set.of("redis.clients.jedis.JedisCluster", "redis.clients.jedis.RedisClusterClient");

  private ClientTopology() {}

  /** Whether keys of different slots may live on different nodes of what this client talks to. */
  public static boolean isCluster(UnifiedJedis jedis) {
    for (Class<?> type = jedis.getClass(); type != UnifiedJedis.class; type = type.getSuperclass()) {
      if (CLUSTER_CLIENTS.contains(type.getName())) {
        return true;
      }
    }
    return provider(jedis).orElse(null) instanceof ClusterConnectionProvider;
  }

  /**
   * A connection of the client's pool to the node that serves {@code slot} (the one server when
   * not a cluster), for commands that must share a connection; closing it returns it to the pool.
   * Empty when the client's provider cannot be read.
   */
  public static Optional<Connection> connectionFor(UnifiedJedis jedis, int slot) {
    return provider(jedis).map(provider -> provider instanceof ClusterConnectionProvider cluster
        ? cluster.getConnectionFromSlot(slot)
        : provider.getConnection());
  }

  /**
   * The cluster connection provider of {@code jedis}, which hands out the connection of the node
   * serving a slot; {@code null} for a single-server client or when the provider cannot be read.
   */
  public static ClusterConnectionProvider clusterProvider(UnifiedJedis jedis) {
    return provider(jedis).orElse(null) instanceof ClusterConnectionProvider cluster ? cluster : null;
  }

  /**
   * The client's connection provider: a protected field of {@code UnifiedJedis} in Jedis 6 to 8,
   * with no public accessor. Empty when a future Jedis renames it or a security policy forbids the
   * read: then only the class names above decide whether it is a cluster.
   */
  private static Optional<ConnectionProvider> provider(UnifiedJedis jedis) {
    try {
      Field provider = UnifiedJedis.class.getDeclaredField("provider");
      provider.setAccessible(true);
      return Optional.ofNullable((ConnectionProvider) provider.get(jedis));
    } catch (ReflectiveOperationException | RuntimeException notReadable) {
      return Optional.empty();
    }
  }
}
