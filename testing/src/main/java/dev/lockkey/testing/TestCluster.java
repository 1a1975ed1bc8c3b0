package dev.lockkey.testing;

import java.time.Duration;
import redis.clients.jedis.RedisClusterClient;

/**
 * The Redis Cluster of one test, injected by {@link LockKeyExtension}: the JVM's shared cluster of
 * three masters with {@link Isolation#KEYSPACE}, or with {@link Isolation#SERVER} a cluster of the
 * test's own, three masters with a replica each, for failovers. The key space {@link #env()} is the
 * test's own. Clients it hands out are closed when the test ends, and the test fails if it left a
 * lock in its key space on any master.
 *
 * <pre>{@code
 * @Test
 * @LockKeyTest(isolation = Isolation.SERVER)
 * void theLockSurvivesAFailover(TestCluster cluster) {
 *   RedisLockExecutor locks = RedisLockExecutor.create(cluster.newClient(), Keyspace.of(cluster.env()));
 *   ...
 *   RedisNode master = cluster.nodeServing(lease.fullKey());
 *   cluster.fixture().killMaster(master.address());       // a replica takes over
 *   cluster.fixture().awaitHealthy();
 * }
 * }</pre>
 */
public final class TestCluster {
  private final RedisClusterFixture fixture;
  private final boolean own;
  private final String env;
  private final Closer closer;

  TestCluster(RedisClusterFixture fixture, boolean own, String env, Closer closer) {
    this.fixture = fixture;
    this.own = own;
    this.env = env;
    this.closer = closer;
  }

  /**
   * The environment word of this test's key space, as {@link TestRedis#env()}.
   *
   * @return a word of the key format
   */
  public String env() {
    return env;
  }

  /**
   * A new cluster client with connect and socket timeouts of 2 seconds, closed after the test.
   *
   * @return the client
   */
  public RedisClusterClient newClient() {
    return closer.register(fixture.newClient());
  }

  /**
   * A new cluster client, closed after the test.
   *
   * @param connectTimeout how long opening a connection may take
   * @param socketTimeout how long a reply may take
   * @return the client
   */
  public RedisClusterClient newClient(Duration connectTimeout, Duration socketTimeout) {
    return closer.register(fixture.newClient(connectTimeout, socketTimeout));
  }

  /**
   * The master that serves {@code key}'s slot now, to pause, slow down or kill exactly the node a
   * lock lives on.
   *
   * @param key a full key, e.g. {@code lease.fullKey()}
   * @return that master's process
   * @throws IllegalStateException unless the test runs with {@link Isolation#SERVER}
   */
  public RedisNode nodeServing(String key) {
    if (!own) {
      throw new IllegalStateException("faults on cluster nodes need a cluster of the test's own: annotate the"
          + " test @LockKeyTest(isolation = Isolation.SERVER)");
    }
    return fixture.nodeServing(key);
  }

  /**
   * Whether the cluster is the test's own ({@link Isolation#SERVER}).
   *
   * @return true for a cluster started for this test
   */
  public boolean ownsCluster() {
    return own;
  }

  /**
   * The cluster's fixture: its nodes, and with {@link Isolation#SERVER} failovers
   * ({@link RedisClusterFixture#killMaster}, {@link RedisClusterFixture#awaitHealthy()}).
   *
   * @return the fixture; do not close it, nor harm a shared one
   */
  public RedisClusterFixture fixture() {
    return fixture;
  }

  @Override
  public String toString() {
    return "TestCluster[" + fixture + ", env=" + env + "]";
  }
}
