package dev.lockkey.redis.lettuce;

import dev.lockkey.redis.Servers;
import dev.lockkey.redis.connection.LettuceConnection;
import dev.lockkey.testing.RedisClusterFixture;
import dev.lockkey.testing.RedisFixture;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import java.time.Duration;
import java.util.List;
import redis.clients.jedis.HostAndPort;

/**
 * Lettuce clients of the test servers, each with its {@link LettuceConnection}: closing one closes
 * the adapter, then the client. Timeouts of 2 s, as the Jedis test clients have.
 */
public final class LettuceClients implements AutoCloseable {
  /** As the Jedis test clients' socket timeout. */
  public static final Duration TIMEOUT = Duration.ofSeconds(2);

  private final io.lettuce.core.AbstractRedisClient client;
  private final LettuceConnection connection;

  private LettuceClients(io.lettuce.core.AbstractRedisClient client, LettuceConnection connection) {
    this.client = client;
    this.connection = connection;
  }

  /** A client of the shared single server. */
  public static LettuceClients single() {
    return at(new HostAndPort(RedisFixture.shared().host(), RedisFixture.shared().port()), TIMEOUT);
  }

  /** A client of {@code address} (no password), e.g. a proxy's, with this command timeout. */
  public static LettuceClients at(HostAndPort address, Duration timeout) {
    RedisURI uri = RedisURI.Builder.redis(address.getHost(), address.getPort()).withTimeout(timeout).build();
    RedisClient client = RedisClient.create(uri);
    return new LettuceClients(client, LettuceConnection.of(client));
  }

  /** A client of the shared three-master cluster, every node a seed. */
  public static LettuceClients cluster() {
    List<RedisURI> seeds = RedisClusterFixture.shared().nodes().stream()
        .map(node -> RedisURI.Builder.redis(node.getHost(), node.getPort()).withTimeout(TIMEOUT).build())
        .toList();
    RedisClusterClient client = RedisClusterClient.create(seeds);
    return new LettuceClients(client, LettuceConnection.of(client));
  }

  /** A client on {@code uri}, e.g. a {@code redis-sentinel://} one. */
  public static LettuceClients of(RedisURI uri) {
    RedisClient client = RedisClient.create(uri);
    return new LettuceClients(client, LettuceConnection.of(client));
  }

  /** A {@link Servers.Port} on a new client of the shared single server. */
  public static Servers.Port singlePort() {
    LettuceClients clients = single();
    return new Servers.Port(clients.connection(), clients::close);
  }

  /** A {@link Servers.Port} on a new client of the shared cluster. */
  public static Servers.Port clusterPort() {
    LettuceClients clients = cluster();
    return new Servers.Port(clients.connection(), clients::close);
  }

  /** The port on this client. */
  public LettuceConnection connection() {
    return connection;
  }

  @Override
  public void close() {
    connection.close();
    client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
  }
}
