package dev.lockkey.redis.connection;

import java.time.Duration;
import java.util.List;

/**
 * What LockKey needs of a Redis client, and no more: running its Lua scripts, reading a value,
 * a subscriber connection, Redis {@code WAIT} after a script on the connection that ran it, and
 * the nodes to ask for their configuration. Implemented by an adapter per client
 * ({@link JedisConnection}, {@code LettuceConnection}); the client stays the application's, which
 * configures, shares and closes it.
 *
 * <p>Every method throws {@link RedisClientException} when Redis failed or could not be reached,
 * carrying the client's own exception as its cause. Implementations are thread-safe.
 *
 * <p>Replies of the text methods are decoded as Jedis decodes a script's: integers as
 * {@code Long}, bulk and status strings as {@code String}, arrays as {@code List}, nil as
 * {@code null}; the binary methods give bulk strings as {@code byte[]}.
 */
public interface RedisConnection {
  /**
   * Whether keys of different hash slots may live on different nodes (Redis Cluster): then every
   * script's keys share one slot.
   *
   * @return whether this is a connection to Redis Cluster
   */
  boolean isCluster();

  /**
   * Runs a script by its SHA-1 ({@code EVALSHA}) and, when the node does not know it yet
   * ({@code NOSCRIPT}: first use, restart, failover), by its source ({@code EVAL}), which caches
   * it there. In a cluster it runs on the node serving the first key's slot.
   *
   * @param sha1 the script's SHA-1, lower-case hex
   * @param source the script's text
   * @param keys the keys, all of one slot in a cluster
   * @param args the arguments
   * @return the script's reply
   */
  Object evalsha(String sha1, String source, List<String> keys, List<String> args);

  /**
   * As {@link #evalsha}, with binary keys and arguments (e.g. values a codec encoded), and bulk
   * strings of the reply as {@code byte[]}.
   *
   * @param sha1 the script's SHA-1, lower-case hex
   * @param source the script's text
   * @param keys the keys, all of one slot in a cluster
   * @param args the arguments
   * @return the script's reply
   */
  Object evalshaBinary(String sha1, String source, List<byte[]> keys, List<byte[]> args);

  /**
   * Runs a script as {@link #evalsha} and right after it, on the same connection, Redis
   * {@code WAIT replicas timeout}. The same connection matters: {@code WAIT} counts the replicas
   * that acknowledged the writes of the connection it is sent on, and a pooled or multiplexing
   * client would otherwise send it on one that wrote nothing. The connection is held by this call
   * alone meanwhile, as {@code WAIT} blocks it for up to {@code timeout}.
   *
   * @param sha1 the script's SHA-1, lower-case hex
   * @param source the script's text
   * @param keys the keys, all of one slot in a cluster
   * @param args the arguments
   * @param replicas how many replicas must acknowledge, at least 1
   * @param timeout how long {@code WAIT} waits, at least 1 ms; keep it below the client's command timeout
   * @return the script's reply and how many replicas acknowledged
   */
  ReplicatedReply evalshaAndWait(String sha1, String source, List<String> keys, List<String> args, int replicas,
      Duration timeout);

  /**
   * {@code PING}, for a health check.
   *
   * @return the server's answer, {@code PONG}
   */
  String ping();

  /**
   * {@code GET key}.
   *
   * @param key the key
   * @return the value, or {@code null} when there is none
   */
  byte[] get(byte[] key);

  /**
   * A subscriber connection that tells {@code listener}; it connects when {@link
   * SubscriberConnection#run} is called.
   *
   * @param listener who hears confirmations and messages
   * @return the subscriber connection, not connected yet
   */
  SubscriberConnection subscriber(PubSubListener listener);

  /**
   * The nodes to ask for their configuration: the one server (its primary, behind Sentinel), or
   * every node of the cluster the client knows. Read once, at start, for the eviction check.
   *
   * @return the nodes; a cluster whose topology cannot be read yet gives none
   */
  List<RedisNode> nodes();
}
