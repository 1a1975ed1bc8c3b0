package dev.lockkey.redis.connection;

import java.util.Map;

/** One Redis server to read settings from ({@link RedisConnection#nodes()}). */
public interface RedisNode {
  /**
   * A name fit for a message: {@code the Redis server}, or {@code node host:port} in a cluster.
   *
   * @return the node's name
   */
  String name();

  /**
   * {@code CONFIG GET pattern} on this node.
   *
   * @param pattern e.g. {@code maxmemory*} (one pattern: Redis before 7 reads only one)
   * @return the settings matched, by name
   * @throws RedisClientException when CONFIG is not permitted (an ACL, a managed Redis) or the node does not answer
   */
  Map<String, String> configGet(String pattern);

  /**
   * {@code INFO section} on this node, for a health check (INFO is allowed where CONFIG often is not).
   *
   * @param section e.g. {@code memory}
   * @return the section's text
   * @throws RedisClientException when the node does not answer
   */
  String info(String section);
}
