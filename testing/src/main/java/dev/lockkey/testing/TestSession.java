package dev.lockkey.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClient;

/**
 * What {@link LockKeyExtension} keeps for one test (or one test class, for what its
 * {@code @BeforeAll} methods asked for): its key space, the servers it was handed, started on first
 * request, and the clients and proxies to close after it.
 */
final class TestSession implements AutoCloseable {
  private final String env;
  private final Isolation isolation;
  private final String redisServer;
  private final List<String> lockPurposes;
  private final Closer handedOut = new Closer();
  private final Closer servers = new Closer();
  private TestRedis redis;
  private TestCluster cluster;
  private RedisReplicationFixture replication;
  private boolean closed;

  /**
   * @param redisServer the path of the redis-server the test's single Redis runs; empty for the
   *     JVM's default. Resolved on first use, so that a test's {@code @BeforeAll} can skip first.
   */
  TestSession(String env, Isolation isolation, List<String> lockPurposes, String redisServer) {
    this.redisServer = redisServer;
    this.env = env;
    this.isolation = isolation;
    this.lockPurposes = List.copyOf(lockPurposes);
  }

  synchronized TestRedis redis() {
    if (redis == null) {
      boolean own = isolation == Isolation.SERVER;
      RedisFixture fixture;
      if (redisServer.isBlank()) {
        fixture = own ? servers.register(RedisFixture.startLocal()) : RedisFixture.shared();
      } else {
        RedisBinary binary = RedisBinary.at(Path.of(redisServer));
        fixture = own ? servers.register(RedisFixture.startLocal(binary, List.of())) : RedisFixture.shared(binary);
      }
      redis = new TestRedis(fixture, own, env, handedOut);
    }
    return redis;
  }

  synchronized TestCluster cluster() {
    if (cluster == null) {
      boolean own = isolation == Isolation.SERVER;
      RedisClusterFixture fixture = own
          ? servers.register(RedisClusterFixture.builder().replicasPerMaster(1).start())
          : RedisClusterFixture.shared();
      cluster = new TestCluster(fixture, own, env, handedOut);
    }
    return cluster;
  }

  synchronized RedisReplicationFixture replication() {
    if (replication == null) {
      replication = servers.register(RedisReplicationFixture.start());
    }
    return replication;
  }

  /**
   * Fails when a lock of the test's key space is still in a server it was handed. Servers of the
   * test's own that are down or paused are skipped: they end with the test, and their locks with them.
   */
  synchronized void checkNoLeftoverLocks() {
    if (lockPurposes.isEmpty()) {
      return;
    }
    if (redis != null && isUp(redis)) {
      try (RedisClient client = redis.fixture().newClient()) {
        failOnLocks(redis.fixture().toString(), LeftoverLocks.scan(client, env, lockPurposes));
      }
    }
    if (cluster != null) {
      Set<String> found = new LinkedHashSet<>();
      for (HostAndPort node : cluster.fixture().nodes()) {
        if (isUp(cluster.fixture().node(node))) {
          try (Jedis jedis = cluster.fixture().node(node).admin()) {
            found.addAll(LeftoverLocks.scan(jedis, env, lockPurposes));
          }
        }
      }
      failOnLocks(cluster.fixture().toString(), new ArrayList<>(found));
    }
    if (replication != null && isUp(replication.primary())) {
      try (Jedis jedis = replication.primary().admin()) {
        failOnLocks("the primary " + replication.primary(), LeftoverLocks.scan(jedis, env, lockPurposes));
      }
    }
  }

  private static boolean isUp(TestRedis redis) {
    return !redis.ownsServer() || isUp(redis.node());
  }

  private static boolean isUp(RedisNode node) {
    return node.isRunning() && !node.isPaused();
  }

  private void failOnLocks(String where, List<String> keys) {
    if (!keys.isEmpty()) {
      throw LeftoverLocks.failure(where + " (key space " + env + ")", keys);
    }
  }

  /** Closes clients and proxies, then the servers of the test's own; a second call does nothing. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      handedOut.close();
    } finally {
      servers.close();
    }
  }
}
