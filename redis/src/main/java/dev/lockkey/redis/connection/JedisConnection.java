package dev.lockkey.redis.connection;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import redis.clients.jedis.BuilderFactory;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.CommandObject;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisBusyException;
import redis.clients.jedis.exceptions.JedisClusterException;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisNoScriptException;
import redis.clients.jedis.providers.ClusterConnectionProvider;
import redis.clients.jedis.providers.ConnectionProvider;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * The port on a Jedis {@code UnifiedJedis} of Jedis 6.0 to 8: a {@code RedisClient} or
 * {@code JedisPooled} (one server), {@code JedisSentineled} (Sentinel), a
 * {@code RedisClusterClient} or {@code JedisCluster} (Redis Cluster). The default adapter, and the
 * only public class that names a Jedis type: wrap the client once and pass the connection to every
 * entry point. The client stays the caller's,
 * who closes it; this adapter holds nothing of its own. Thread-safe.
 *
 * <p>{@link #evalshaAndWait} sends the script and {@code WAIT} in one pipeline on one connection of
 * the client's provider (in a cluster, the one to the node serving the keys' slot): one round trip.
 * The subscriber holds one pooled connection while it runs.
 */
public final class JedisConnection implements RedisConnection {
  private final UnifiedJedis jedis;
  private final boolean cluster;

  private JedisConnection(UnifiedJedis jedis) {
    this.jedis = Objects.requireNonNull(jedis, "jedis");
    this.cluster = JedisTopology.isCluster(jedis);
  }

  /**
   * The port on {@code jedis}, which the caller keeps and closes.
   *
   * @param jedis the client: any {@code UnifiedJedis}, single server, Sentinel or cluster (Jedis 6.0 to 8)
   * @return the port
   */
  public static JedisConnection of(UnifiedJedis jedis) {
    return new JedisConnection(jedis);
  }

  @Override
  public boolean isCluster() {
    return cluster;
  }

  @Override
  public Object evalsha(String sha1, String source, List<String> keys, List<String> args) {
    try {
      try {
        return jedis.evalsha(sha1, keys, args);
      } catch (JedisNoScriptException unknown) {
        return jedis.eval(source, keys, args);
      }
    } catch (JedisException e) {
      throw failure(e);
    }
  }

  @Override
  public Object evalshaBinary(String sha1, String source, List<byte[]> keys, List<byte[]> args) {
    try {
      try {
        return jedis.evalsha(sha1.getBytes(StandardCharsets.US_ASCII), keys, args);
      } catch (JedisNoScriptException unknown) {
        return jedis.eval(source.getBytes(StandardCharsets.UTF_8), keys, args);
      }
    } catch (JedisException e) {
      throw failure(e);
    }
  }

  @Override
  public ReplicatedReply evalshaAndWait(String sha1, String source, List<String> keys, List<String> args,
      int replicas, Duration timeout) {
    try (Pipeline pipeline = pipelineFor(keys.get(0))) {
      Response<Object> reply = pipeline.evalsha(sha1, keys, args);
      Response<Long> acknowledged = pipeline.waitReplicas(replicas, timeout.toMillis());
      pipeline.sync();
      try {
        return new ReplicatedReply(reply.get(), acknowledged.get());
      } catch (JedisNoScriptException unknown) {
        // first use on this node (or after a restart): EVAL, and WAIT again after it
        reply = pipeline.eval(source, keys, args);
        acknowledged = pipeline.waitReplicas(replicas, timeout.toMillis());
        pipeline.sync();
        return new ReplicatedReply(reply.get(), acknowledged.get());
      }
    } catch (JedisException e) {
      throw failure(e);
    }
  }

  /**
   * A pipeline on one connection: the one serving the key's slot in a cluster. Taken from the
   * client's connection provider, not {@code jedis.pipelined()}, whose return type differs between
   * the supported Jedis versions (a link error on Jedis 6) and which in a cluster spreads commands
   * over connections.
   */
  private Pipeline pipelineFor(String key) {
    ConnectionProvider provider = JedisTopology.connectionProvider(jedis);
    if (provider instanceof ClusterConnectionProvider clusterProvider) {
      return new Pipeline(clusterProvider.getConnectionFromSlot(JedisClusterCRC16.getSlot(key)), true);
    }
    if (provider != null) {
      return new Pipeline(provider.getConnection(), true);
    }
    throw new RedisClientException(false, new IllegalStateException(
        "replica acknowledgement needs a client whose connections can be reached, not a "
        + jedis.getClass().getSimpleName()));
  }

  @Override
  public String ping() {
    try {
      return jedis.ping();
    } catch (JedisException e) {
      throw failure(e);
    }
  }

  @Override
  public byte[] get(byte[] key) {
    try {
      return jedis.get(key);
    } catch (JedisException e) {
      throw failure(e);
    }
  }

  @Override
  public SubscriberConnection subscriber(PubSubListener listener) {
    return new JedisSubscriber(jedis, listener);
  }

  @Override
  public List<RedisNode> nodes() {
    ClusterConnectionProvider clusterProvider = JedisTopology.clusterProvider(jedis);
    Map<String, ConnectionPool> clusterNodes = clusterProvider == null ? null : clusterProvider.getNodes();
    List<RedisNode> nodes = new ArrayList<>();
    if (clusterNodes == null) {
      nodes.add(new Node("the Redis server", null));
    } else {
      clusterNodes.forEach((address, pool) -> nodes.add(new Node("node " + address, pool)));
    }
    return nodes;
  }

  @Override
  public String toString() {
    return "JedisConnection[" + jedis.getClass().getSimpleName() + "]";
  }

  /** A server of the client: the client's own when {@code pool} is {@code null}, else a cluster node's pool. */
  private final class Node implements RedisNode {
    private final String name;
    private final ConnectionPool pool;

    private Node(String name, ConnectionPool pool) {
      this.name = name;
      this.pool = pool;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public Map<String, String> configGet(String pattern) {
      CommandArguments arguments = new CommandArguments(Protocol.Command.CONFIG).add(Protocol.Keyword.GET).add(pattern);
      return run(new CommandObject<>(arguments, BuilderFactory.STRING_MAP));
    }

    @Override
    public String info(String section) {
      return run(new CommandObject<>(new CommandArguments(Protocol.Command.INFO).add(section), BuilderFactory.STRING));
    }

    private <T> T run(CommandObject<T> command) {
      try {
        if (pool == null) {
          return jedis.executeCommand(command);
        }
        try (Connection connection = pool.getResource()) {
          return connection.executeCommand(command);
        }
      } catch (JedisException e) {
        throw failure(e);
      }
    }
  }

  /** The port's exception for a Jedis failure, which stays its cause. */
  static RedisClientException failure(JedisException failure) {
    return new RedisClientException(isUnavailable(failure), failure);
  }

  private static boolean isUnavailable(JedisException failure) {
    if (failure instanceof JedisClusterException || failure instanceof JedisBusyException) {
      return true;
    }
    if (failure instanceof JedisDataException) {
      return RedisClientException.isTransientReply(failure.getMessage());
    }
    // a broken or refused connection, a timeout, no reachable cluster node, an exhausted pool
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof JedisConnectionException
          || cause instanceof JedisClusterOperationException
          || cause instanceof IOException
          || cause instanceof NoSuchElementException) {
        return true;
      }
    }
    return false;
  }
}
