package dev.lockkey.redis.connection;

import java.lang.reflect.Field;
import java.util.Set;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.providers.ClusterConnectionProvider;
import redis.clients.jedis.providers.ConnectionProvider;

/**
 * Tells a Redis Cluster client from a single-server one, on every supported Jedis (6.0 to 8).
 * Jedis' cluster clients differ by version: {@code JedisCluster} (all versions, deprecated in 8)
 * and {@code RedisClusterClient} (7.2 and later). Naming a class that the Jedis on the class path
 * lacks would fail at link time ({@code NoClassDefFoundError} on Jedis 6 for
 * {@code RedisClusterClient}), so classes are compared by name, never linked. A
 * {@code UnifiedJedis} built directly on a {@link ClusterConnectionProvider} (present in every
 * supported version) is recognised by its provider.
 */
final class JedisTopology {
  private static final Set<String> CLUSTER_CLIENTS =
      Set.of("redis.clients.jedis.JedisCluster", "redis.clients.jedis.RedisClusterClient");

  private JedisTopology() {}

  /** Whether keys of different slots may live on different nodes of what this client talks to. */
  static boolean isCluster(UnifiedJedis jedis) {
    for (Class<?> type = jedis.getClass(); type != UnifiedJedis.class; type = type.getSuperclass()) {
      if (CLUSTER_CLIENTS.contains(type.getName())) {
        return true;
      }
    }
    return provider(jedis) instanceof ClusterConnectionProvider;
  }

  /**
   * The cluster connection provider of {@code jedis}, which hands out the connection of the node
   * serving a slot; {@code null} for a single-server client or when the provider cannot be read.
   */
  static ClusterConnectionProvider clusterProvider(UnifiedJedis jedis) {
    return connectionProvider(jedis) instanceof ClusterConnectionProvider cluster ? cluster : null;
  }

  /** The client's connection provider, or {@code null} when it cannot be read. */
  static ConnectionProvider connectionProvider(UnifiedJedis jedis) {
    return provider(jedis) instanceof ConnectionProvider provider ? provider : null;
  }

  /**
   * The client's connection provider: a protected field of {@code UnifiedJedis} in Jedis 6 to 8,
   * with no public accessor. {@code null} when a future Jedis renames it or a security policy
   * forbids the read: then only the class names above decide.
   */
  private static Object provider(UnifiedJedis jedis) {
    try {
      Field provider = UnifiedJedis.class.getDeclaredField("provider");
      provider.setAccessible(true);
      return provider.get(jedis);
    } catch (ReflectiveOperationException | RuntimeException notReadable) {
      return null;
    }
  }
}
