package dev.lockkey.testing;

import java.time.Duration;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClient;

/**
 * The Redis server of one test, injected by {@link LockKeyExtension}: the JVM's shared server (or
 * the one {@code REDIS_URL} names) with {@link Isolation#KEYSPACE}, a server of the test's own with
 * {@link Isolation#SERVER}; and the test's own key space on it, {@link #env()}. Clients and proxies
 * it hands out are closed when the test ends, and the test fails if it left a lock in its key space.
 *
 * <pre>{@code
 * @Test
 * void aHolderCutOffFromRedisLosesItsLease(TestRedis redis) {
 *   TcpProxy cable = redis.newProxy();                  // between one client and the server
 *   try (RedisLockExecutor holder = RedisLockExecutor.create(redis.newClient(cable), Keyspace.of(redis.env()));
 *       RedisLockExecutor other = RedisLockExecutor.create(redis.newClient(), Keyspace.of(redis.env()))) {
 *     ...
 *     cable.blackHole();                                // the holder's renewals go nowhere now
 *   }
 * }
 * }</pre>
 */
public final class TestRedis extends TestServer<RedisClient> {
  private final RedisFixture fixture;

  TestRedis(RedisFixture fixture, boolean own, String env, Closer closer) {
    super(own, env, closer);
    this.fixture = fixture;
  }

  @Override
  RedisClient client(Duration connectTimeout, Duration socketTimeout) {
    return fixture.newClient(connectTimeout, socketTimeout);
  }

  /**
   * A new {@link TcpProxy} in front of the server, closed after the test: connect a client through
   * it ({@link #newClient(TcpProxy)}) to add latency to, black-hole or reset that client's
   * connections alone, e.g. to cut a lock holder off from Redis while it works.
   *
   * @return the running proxy
   * @throws IllegalArgumentException when the server is not on a loopback address ({@code REDIS_URL})
   */
  public TcpProxy newProxy() {
    return handOut(TcpProxy.start(new HostAndPort(fixture.host(), fixture.port())));
  }

  /**
   * A new client that reaches the server through {@code proxy}, with timeouts of 2 seconds,
   * closed after the test.
   *
   * @param proxy a proxy from {@link #newProxy()}
   * @return the client
   */
  public RedisClient newClient(TcpProxy proxy) {
    return newClient(proxy, JedisClients.DEFAULT_TIMEOUT, JedisClients.DEFAULT_TIMEOUT);
  }

  /**
   * A new client that reaches the server through {@code proxy}, closed after the test.
   *
   * @param proxy a proxy from {@link #newProxy()}
   * @param connectTimeout how long opening a connection may take
   * @param socketTimeout how long a reply may take: a black-holed call fails after it
   * @return the client
   */
  public RedisClient newClient(TcpProxy proxy, Duration connectTimeout, Duration socketTimeout) {
    return handOut(fixture.newClientAt(proxy.address(), connectTimeout, socketTimeout));
  }

  /**
   * The server's process, for faults on it: {@link RedisNode#pause()}, {@link RedisNode#debugSleep},
   * {@link RedisNode#kill()}, {@link RedisNode#restart()}.
   *
   * @return the process
   * @throws IllegalStateException unless the test runs with {@link Isolation#SERVER}: the shared
   *     server is not the test's to harm
   */
  public RedisNode node() {
    requireOwn("faults on the server", "a server");
    return fixture.node();
  }

  /**
   * Whether the server is the test's own ({@link Isolation#SERVER}), so that {@link #node()} works.
   *
   * @return true for a server started for this test
   */
  public boolean ownsServer() {
    return own();
  }

  /**
   * The server's fixture, e.g. for its {@link RedisFixture#uri() URI}.
   *
   * @return the fixture; do not close or stop it
   */
  public RedisFixture fixture() {
    return fixture;
  }

  @Override
  public String toString() {
    return "TestRedis[" + fixture + ", env=" + env() + "]";
  }
}
