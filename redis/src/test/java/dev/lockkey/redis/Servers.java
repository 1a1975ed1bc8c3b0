package dev.lockkey.redis;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.connection.RedisConnection;
import dev.lockkey.testing.RedisClusterFixture;
import dev.lockkey.testing.RedisFixture;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * Application servers as the purpose tests imagine them: each with its own Redis client and lock
 * executor in key space {@code test}, all on one shared Redis (a single node or the cluster).
 * The executors and purposes run on each server's {@link #connection port}: its Jedis client's by
 * default, or another client's ({@link Port}); the Jedis {@link #client} stays for looking into
 * Redis. {@link #close()} stops the executors and closes the clients.
 */
public final class Servers implements AutoCloseable {
  public static final Keyspace KEYSPACE = Keyspace.of("test");

  private final List<UnifiedJedis> clients = new ArrayList<>();
  private final List<Port> ports = new ArrayList<>();
  private final List<RedisLockExecutor> executors = new ArrayList<>();

  /**
   * A server's connection port and what closes it (after the executors on it).
   *
   * @param connection the port
   * @param closer closes the port and its client
   */
  public record Port(RedisConnection connection, AutoCloseable closer) {}

  private Servers(int count, Supplier<UnifiedJedis> newClient, Supplier<Port> newPort) {
    for (int i = 0; i < count; i++) {
      UnifiedJedis client = newClient.get();
      clients.add(client);
      Port port = newPort == null ? new Port(JedisConnection.of(client), () -> {}) : newPort.get();
      ports.add(port);
      executors.add(RedisLockExecutor.create(port.connection(), KEYSPACE));
    }
  }

  /** {@code count} servers on the shared single Redis node. */
  public static Servers onSingleNode(int count) {
    return onSingleNode(count, null);
  }

  /** {@code count} servers on the shared single Redis node, each on a port of {@code newPort} ({@code null}: Jedis). */
  public static Servers onSingleNode(int count, Supplier<Port> newPort) {
    return new Servers(count, () -> RedisFixture.shared().newClient(), newPort);
  }

  /** {@code count} servers on {@code redis}, e.g. the shared Redis 7 ({@link Redis7#shared()}). */
  public static Servers onSingleNode(RedisFixture redis, int count) {
    return new Servers(count, redis::newClient, null);
  }

  /** {@code count} servers on the shared three-master Redis Cluster. */
  public static Servers onCluster(int count) {
    return onCluster(count, null);
  }

  /** {@code count} servers on the shared three-master Redis Cluster, each on a port of {@code newPort} ({@code null}: Jedis). */
  public static Servers onCluster(int count, Supplier<Port> newPort) {
    return new Servers(count, () -> RedisClusterFixture.shared().newClient(), newPort);
  }

  /**
   * Which master of the shared cluster serves the key's slot (0, 1 or 2): the fixture splits the
   * slots evenly over its three masters, in order.
   */
  public static int clusterMaster(LockKey key) {
    return JedisClusterCRC16.getSlot(KEYSPACE.fullKey(LockOptions.DEFAULT_PURPOSE, key)) * 3 / 16384;
  }

  /** How many servers there are. */
  public int count() {
    return clients.size();
  }

  /** Server {@code i}'s Jedis client, for looking into Redis. */
  public UnifiedJedis client(int i) {
    return clients.get(i);
  }

  /** Server {@code i}'s port, which its executor and purposes use. */
  public RedisConnection connection(int i) {
    return ports.get(i).connection();
  }

  /** Server {@code i}'s lock executor. */
  public RedisLockExecutor executor(int i) {
    return executors.get(i);
  }

  /** What each server builds from its client and executor, in server order. */
  public <T> List<T> each(PerServer<T> build) {
    List<T> built = new ArrayList<>();
    for (int i = 0; i < count(); i++) {
      built.add(build.of(ports.get(i).connection(), executors.get(i)));
    }
    return built;
  }

  /** Builds something of one server. */
  @FunctionalInterface
  public interface PerServer<T> {
    T of(RedisConnection client, RedisLockExecutor executor);
  }

  @Override
  public void close() {
    executors.forEach(RedisLockExecutor::close);
    for (Port port : ports) {
      try {
        port.closer().close();
      } catch (Exception e) {
        throw new IllegalStateException("cannot close " + port.connection(), e);
      }
    }
    clients.forEach(UnifiedJedis::close);
  }
}
