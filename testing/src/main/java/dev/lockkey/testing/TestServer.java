package dev.lockkey.testing;

import java.time.Duration;
import redis.clients.jedis.UnifiedJedis;

/**
 * What {@link TestRedis} and {@link TestCluster} share: the test's own key space on the Redis it
 * was handed, whether that Redis was started for the test alone, and the clients (and proxies) it
 * hands out, closed when the test ends.
 *
 * @param <C> the type of client: one server's, or a cluster's
 */
abstract class TestServer<C extends UnifiedJedis> {
  private final boolean own;
  private final String env;
  private final Closer closer;

  TestServer(boolean own, String env, Closer closer) {
    this.own = own;
    this.env = env;
    this.closer = closer;
  }

  /**
   * The environment word of this test's key space, unique to the test and this run: build the
   * code under test on {@code Keyspace.of(redis.env())}.
   *
   * @return a word of the key format, e.g. {@code capturesonce-1a2b3c4d}
   */
  public String env() {
    return env;
  }

  /**
   * A new client with connect and socket timeouts of 2 seconds, closed after the test.
   *
   * @return the client
   */
  public C newClient() {
    return newClient(JedisClients.DEFAULT_TIMEOUT, JedisClients.DEFAULT_TIMEOUT);
  }

  /**
   * A new client, closed after the test.
   *
   * @param connectTimeout how long opening a connection may take
   * @param socketTimeout how long a reply may take
   * @return the client
   */
  public C newClient(Duration connectTimeout, Duration socketTimeout) {
    return handOut(client(connectTimeout, socketTimeout));
  }

  /** A new client from the fixture, which the caller closes. */
  abstract C client(Duration connectTimeout, Duration socketTimeout);

  /** {@code resource}, to be closed when the test ends. */
  final <T extends AutoCloseable> T handOut(T resource) {
    return closer.register(resource);
  }

  /** Whether the Redis was started for this test alone ({@link Isolation#SERVER}). */
  final boolean own() {
    return own;
  }

  /**
   * Refuses faults on a shared Redis, which is not the test's to harm.
   *
   * @param faults what the test asked for, e.g. {@code "faults on the server"}
   * @param redis what the test must own, e.g. {@code "a server"}
   */
  final void requireOwn(String faults, String redis) {
    if (!own) {
      throw new IllegalStateException(faults + " need " + redis + " of the test's own: annotate the test"
          + " @LockKeyTest(isolation = Isolation.SERVER)");
    }
  }
}
