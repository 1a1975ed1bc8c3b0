package dev.lockkey.redis.connection;

import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisBusyException;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The port on Lettuce 6: a {@link RedisClient} (one server, or Sentinel through a
 * {@code redis-sentinel://} {@code RedisURI}) or a {@link RedisClusterClient}. Lettuce is an
 * optional dependency of lockkey-redis: add {@code io.lettuce:lettuce-core} to use this adapter.
 * The client stays the caller's; close this adapter (after the executors and purposes on it) and
 * then the client. Thread-safe.
 *
 * <p>Commands share one connection of this adapter, opened on first use, which Lettuce reconnects
 * by itself; a command waits at most the client's command timeout ({@code RedisURI} timeout, 60 s
 * unless set: set it to a few seconds, as Jedis' 2 s default, so that an outage surfaces as
 * {@code RedisUnavailableException} soon). {@link #evalshaAndWait} runs on a connection it holds
 * alone while {@code WAIT} blocks it (a small pool of such connections, in a cluster to the node
 * serving the keys' slot), never on the shared one, which would stall every other command. The
 * subscriber has a connection of its own, which never reconnects by itself (see
 * {@link SubscriberConnection}).
 *
 * <p>A caller's interrupt never cuts a command short (it completes, and the interrupt flag is set
 * again after it), as with Jedis: the executor then answers the interrupt itself, knowing what
 * Redis did.
 */
public final class LettuceConnection implements RedisConnection, AutoCloseable {
  private final AbstractRedisClient client;
  private final boolean cluster;
  /** Exclusive connections for script and WAIT, given back after use; a failed one is closed. */
  private final ConcurrentLinkedDeque<StatefulConnection<byte[], byte[]>> exclusive = new ConcurrentLinkedDeque<>();
  private final Object connecting = new Object();
  private volatile StatefulConnection<byte[], byte[]> shared;
  private volatile boolean closed;

  private LettuceConnection(AbstractRedisClient client, boolean cluster) {
    this.client = Objects.requireNonNull(client, "client");
    this.cluster = cluster;
  }

  /**
   * The port on a client of one server, or of the primary that Sentinel names ({@code RedisURI}
   * with {@code redis-sentinel://}); it connects on first use.
   *
   * @param client the client, which the caller keeps and closes
   * @return the port; close it before the client
   */
  public static LettuceConnection of(RedisClient client) {
    return new LettuceConnection(client, false);
  }

  /**
   * The port on a Redis Cluster client; it connects on first use.
   *
   * @param client the client, which the caller keeps and closes
   * @return the port; close it before the client
   */
  public static LettuceConnection of(RedisClusterClient client) {
    return new LettuceConnection(client, true);
  }

  @Override
  public boolean isCluster() {
    return cluster;
  }

  @Override
  public Object evalsha(String sha1, String source, List<String> keys, List<String> args) {
    return text(evalshaBinary(sha1, source, bytes(keys), bytes(args)));
  }

  @Override
  public Object evalshaBinary(String sha1, String source, List<byte[]> keys, List<byte[]> args) {
    byte[][] keyArray = keys.toArray(byte[][]::new);
    byte[][] argArray = args.toArray(byte[][]::new);
    try {
      StatefulConnection<byte[], byte[]> connection = connection();
      RedisClusterAsyncCommands<byte[], byte[]> commands = commands(connection);
      Duration timeout = connection.getTimeout();
      try {
        return await(script(commands, CommandType.EVALSHA, sha1, keyArray, argArray), timeout);
      } catch (RedisNoScriptException unknown) {
        return await(script(commands, CommandType.EVAL, source, keyArray, argArray), timeout);
      }
    } catch (RedisException e) {
      throw failure(e);
    }
  }

  @Override
  public ReplicatedReply evalshaAndWait(String sha1, String source, List<String> keys, List<String> args,
      int replicas, Duration timeout) {
    byte[][] keyArray = bytes(keys).toArray(byte[][]::new);
    byte[][] argArray = bytes(args).toArray(byte[][]::new);
    StatefulConnection<byte[], byte[]> held;
    try {
      held = borrow();
    } catch (RedisException e) {
      throw failure(e);
    }
    try {
      RedisClusterAsyncCommands<byte[], byte[]> async = nodeOf(held, keyArray[0]).async();
      Duration wait = held.getTimeout().plus(timeout);
      // one round trip: the script and WAIT, pipelined on this connection
      RedisFuture<Object> reply = script(async, CommandType.EVALSHA, sha1, keyArray, argArray);
      RedisFuture<Long> acknowledged = async.waitForReplication(replicas, timeout.toMillis());
      Object result;
      try {
        result = await(reply, wait);
      } catch (RedisNoScriptException unknown) {
        // first use on this node (or after a restart): EVAL, and WAIT again after it
        await(acknowledged, wait);
        reply = script(async, CommandType.EVAL, source, keyArray, argArray);
        acknowledged = async.waitForReplication(replicas, timeout.toMillis());
        result = await(reply, wait);
      }
      Long count = await(acknowledged, wait);
      giveBack(held);
      return new ReplicatedReply(text(result), count);
    } catch (RedisException e) {
      held.closeAsync(); // may have replies still on their way: never reused
      throw failure(e);
    }
  }

  /** The connection to the node serving {@code key}'s slot (a cluster), or {@code held} itself. */
  @SuppressWarnings("unchecked")
  private static StatefulRedisConnection<byte[], byte[]> nodeOf(StatefulConnection<byte[], byte[]> held, byte[] key) {
    if (!(held instanceof StatefulRedisClusterConnection<byte[], byte[]> clusterConnection)) {
      return (StatefulRedisConnection<byte[], byte[]>) held;
    }
    RedisClusterNode node = clusterConnection.getPartitions().getMasterBySlot(SlotHash.getSlot(key));
    if (node == null) {
      throw new RedisConnectionException("no known node serves slot " + SlotHash.getSlot(key));
    }
    return clusterConnection.getConnection(node.getNodeId());
  }

  @Override
  public String ping() {
    try {
      StatefulConnection<byte[], byte[]> connection = connection();
      return await(commands(connection).ping(), connection.getTimeout());
    } catch (RedisException e) {
      throw failure(e);
    }
  }

  @Override
  public byte[] get(byte[] key) {
    try {
      StatefulConnection<byte[], byte[]> connection = connection();
      return await(commands(connection).get(key), connection.getTimeout());
    } catch (RedisException e) {
      throw failure(e);
    }
  }

  @Override
  public SubscriberConnection subscriber(PubSubListener listener) {
    return new LettuceSubscriber(() -> cluster
        ? ((RedisClusterClient) client).connectPubSub(StringCodec.UTF8)
        : ((RedisClient) client).connectPubSub(StringCodec.UTF8), listener);
  }

  @Override
  public List<RedisNode> nodes() {
    StatefulConnection<byte[], byte[]> connection;
    try {
      connection = connection();
    } catch (RedisException e) {
      throw failure(e);
    }
    List<RedisNode> nodes = new ArrayList<>();
    if (connection instanceof StatefulRedisClusterConnection<byte[], byte[]> clusterConnection) {
      for (RedisClusterNode node : clusterConnection.getPartitions()) {
        String name = "node " + node.getUri().getHost() + ":" + node.getUri().getPort();
        nodes.add(new Node(name, () -> clusterConnection.getConnection(node.getNodeId()).async(),
            connection.getTimeout()));
      }
    } else {
      nodes.add(new Node("the Redis server", () -> commands(connection), connection.getTimeout()));
    }
    return nodes;
  }

  /** Closes this adapter's connections (not the client). Executors and purposes on it stop working. */
  @Override
  public void close() {
    closed = true;
    synchronized (connecting) {
      if (shared != null) {
        shared.close();
      }
    }
    for (StatefulConnection<byte[], byte[]> connection; (connection = exclusive.poll()) != null; ) {
      connection.close();
    }
  }

  @Override
  public String toString() {
    return "LettuceConnection[" + client.getClass().getSimpleName() + "]";
  }

  /** A node's settings, through a connection to it. */
  private record Node(String name, Supplier<RedisClusterAsyncCommands<byte[], byte[]>> commands, Duration timeout)
      implements RedisNode {
    @Override
    public Map<String, String> configGet(String pattern) {
      try {
        return await(commands.get().configGet(pattern), timeout);
      } catch (RedisException e) {
        throw failure(e);
      }
    }

    @Override
    public String info(String section) {
      try {
        return await(commands.get().info(section), timeout);
      } catch (RedisException e) {
        throw failure(e);
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static RedisClusterAsyncCommands<byte[], byte[]> commands(StatefulConnection<byte[], byte[]> connection) {
    return connection instanceof StatefulRedisClusterConnection<byte[], byte[]> clusterConnection
        ? clusterConnection.async()
        : ((StatefulRedisConnection<byte[], byte[]>) connection).async();
  }

  /**
   * {@code EVALSHA} or {@code EVAL}, its reply read by {@link LettuceReply}; in a cluster Lettuce
   * routes it by its first key.
   */
  private static RedisFuture<Object> script(RedisClusterAsyncCommands<byte[], byte[]> commands, CommandType type,
      String script, byte[][] keys, byte[][] args) {
    CommandArgs<byte[], byte[]> arguments = new CommandArgs<>(ByteArrayCodec.INSTANCE)
        .add(script).add(keys.length).addKeys(keys).addValues(args);
    return commands.dispatch(type, new LettuceReply(), arguments);
  }

  /**
   * The command's result within {@code timeout}, as Lettuce's own synchronous API waits, except
   * that an interrupt does not cut the wait short: it is kept, and set again after.
   */
  private static <T> T await(RedisFuture<T> future, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (TimeoutException e) {
          future.cancel(true);
          throw new RedisCommandTimeoutException("Command timed out after " + timeout.toMillis() + " ms");
        } catch (ExecutionException e) {
          throw e.getCause() instanceof RedisException redis ? redis : new RedisException(e.getCause());
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** The shared connection, opened on first use (not at construction, so that a build needs no running Redis). */
  private StatefulConnection<byte[], byte[]> connection() {
    StatefulConnection<byte[], byte[]> connection = shared;
    if (connection != null) {
      return connection;
    }
    synchronized (connecting) {
      if (closed) {
        throw new RedisException(this + " is closed");
      }
      if (shared == null) {
        shared = open();
      }
      return shared;
    }
  }

  private StatefulConnection<byte[], byte[]> open() {
    return cluster
        ? ((RedisClusterClient) client).connect(ByteArrayCodec.INSTANCE)
        : ((RedisClient) client).connect(ByteArrayCodec.INSTANCE);
  }

  private StatefulConnection<byte[], byte[]> borrow() {
    if (closed) {
      throw new RedisException(this + " is closed");
    }
    for (StatefulConnection<byte[], byte[]> connection; (connection = exclusive.poll()) != null; ) {
      if (connection.isOpen()) {
        return connection;
      }
      connection.closeAsync(); // broke while pooled: Lettuce would reconnect it, but nobody holds it
    }
    return open();
  }

  private void giveBack(StatefulConnection<byte[], byte[]> connection) {
    exclusive.push(connection);
    if (closed && exclusive.remove(connection)) {
      connection.close();
    }
  }

  /** The port's exception for a Lettuce failure, which stays its cause. */
  static RedisClientException failure(RedisException failure) {
    return new RedisClientException(isUnavailable(failure), failure);
  }

  private static boolean isUnavailable(RedisException failure) {
    if (failure instanceof RedisBusyException) {
      return true;
    }
    if (failure instanceof RedisCommandExecutionException) {
      return RedisClientException.isTransientReply(failure.getMessage());
    }
    // a timeout, a refused or broken connection, an interrupted wait, a closed connection
    return true;
  }

  private static List<byte[]> bytes(List<String> texts) {
    List<byte[]> bytes = new ArrayList<>(texts.size());
    for (String text : texts) {
      bytes.add(text.getBytes(StandardCharsets.UTF_8));
    }
    return bytes;
  }

  /** A binary reply decoded as the text methods promise: bulk strings as {@code String}, also in arrays. */
  private static Object text(Object reply) {
    if (reply instanceof byte[] bulk) {
      return new String(bulk, StandardCharsets.UTF_8);
    }
    if (reply instanceof List<?> list) {
      List<Object> decoded = new ArrayList<>(list.size());
      for (Object element : list) {
        decoded.add(text(element));
      }
      return decoded;
    }
    return reply;
  }
}
