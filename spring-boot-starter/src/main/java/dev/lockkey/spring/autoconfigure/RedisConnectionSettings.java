package dev.lockkey.spring.autoconfigure;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The part of Spring Boot's {@code spring.data.redis.*} properties that LockKey's Jedis client
 * honours, bound by LockKey itself: Boot 3 and Boot 4 keep these properties in different classes
 * ({@code RedisProperties}, {@code DataRedisProperties}), the names are the same. Sentinel is not
 * supported: define a {@code UnifiedJedis} bean of your own for it.
 *
 * @param url {@code redis://[user:password@]host:port[/database]}, or {@code rediss://} for TLS;
 *     overrides host, port, username, password and database
 * @param host the server's host
 * @param port the server's port
 * @param username the ACL user, if any
 * @param password the password, if any
 * @param database the database index (single server only)
 * @param timeout how long a reply may take; Jedis' 2 s when unset
 * @param connectTimeout how long opening a connection may take; Jedis' 2 s when unset
 * @param clientName the CLIENT SETNAME name, if any
 * @param ssl TLS
 * @param cluster the Redis Cluster seed nodes; set, they replace host and port
 * @param jedis the connection pool
 */
record RedisConnectionSettings(
    String url,
    @DefaultValue("localhost") String host,
    @DefaultValue("6379") int port,
    String username,
    String password,
    @DefaultValue("0") int database,
    Duration timeout,
    Duration connectTimeout,
    String clientName,
    @DefaultValue Ssl ssl,
    Cluster cluster,
    @DefaultValue Jedis jedis) {

  /** The prefix these properties live under. */
  static final String PREFIX = "spring.data.redis";

  /**
   * {@code spring.data.redis.ssl.*}.
   *
   * @param enabled whether to use TLS (implied by a bundle)
   * @param bundle the name of a Spring Boot SSL bundle holding trust and key material
   */
  record Ssl(Boolean enabled, String bundle) {
    boolean isEnabled() {
      return enabled != null ? enabled : bundle != null;
    }
  }

  /**
   * {@code spring.data.redis.cluster.*}.
   *
   * @param nodes the seed nodes, {@code host:port}
   * @param maxRedirects how often a command may follow a redirection
   */
  record Cluster(List<String> nodes, Integer maxRedirects) {}

  /** {@code spring.data.redis.jedis.*}. */
  record Jedis(@DefaultValue Pool pool) {}

  /**
   * {@code spring.data.redis.jedis.pool.*}, with Boot's defaults.
   *
   * @param maxActive the most connections open at once
   * @param maxIdle the most idle connections kept
   * @param minIdle the fewest idle connections kept
   * @param maxWait how long a caller waits for a free connection; unset or negative: as long as
   *     connecting and one reply may take, never forever
   */
  record Pool(
      @DefaultValue("8") int maxActive,
      @DefaultValue("8") int maxIdle,
      @DefaultValue("0") int minIdle,
      Duration maxWait) {}
}
