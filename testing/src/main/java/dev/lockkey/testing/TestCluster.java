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
public final class TestCluster extends TestServer<RedisClusterClient> {
  private final RedisClusterFixture fixture;

  TestCluster(RedisClusterFixture fixture, boolean own, String env, Closer closer) {
    super(own, env, closer);
    this.fixture = fixture;
  }

  @Override
  RedisClusterClient client(Duration connectTimeout, Duration socketTimeout) {
    return fixture.newClient(connectTimeout, socketTimeout);
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
    requireOwn("faults on cluster nodes", "a cluster");
    return fixture.nodeServing(key);
  }

  /**
   * Whether the cluster is the test's own ({@link Isolation#SERVER}).
   *
   * @return true for a cluster started for this test
   */
  public boolean ownsCluster() {
    return own();
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
    return "TestCluster[" + fixture + ", env=" + env() + "]";
  }
}
