package dev.lockkey.examples;

import dev.lockkey.Keyspace;
import dev.lockkey.testing.RedisFixture;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.concurrent.ThreadLocalRandom;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The Redis the demo runs on: a {@code redis-server} that it starts and stops (the binary that
 * embedded-redis ships, run by lockkey-test's {@link RedisFixture}), or the server that the
 * environment variable {@code REDIS_URL} names. Every worker of the demo opens its own client
 * here, as a separate application server would.
 *
 * <p>The key space is {@code demo} on a server of the demo's own. On a server from
 * {@code REDIS_URL} it is {@code demo-} and a random suffix, so that runs never meet there: dedupe
 * marks, rate counters and shared results outlive a run.
 */
final class DemoRedis implements AutoCloseable {
  private static final String URL_SHAPE =
      "REDIS_URL must look like redis://host:port or redis://user:password@host:port/db, e.g. redis://127.0.0.1:6379";

  private final RedisFixture fixture;
  private final String version;
  private final Keyspace keyspace;

  private DemoRedis(RedisFixture fixture, String version, Keyspace keyspace) {
    this.fixture = fixture;
    this.version = version;
    this.keyspace = keyspace;
  }

  /**
   * The server named by {@code REDIS_URL}, or a new local one.
   *
   * @throws DemoSetupException when {@code REDIS_URL} is malformed or its server does not answer,
   *     or no local server could be started
   */
  static DemoRedis open() {
    String url = System.getenv(RedisFixture.REDIS_URL);
    if (url != null && !url.isBlank()) {
      requireWellFormed(url.strip());
    }
    RedisFixture fixture;
    try {
      fixture = RedisFixture.start();
    } catch (RuntimeException e) {
      throw new DemoSetupException("cannot start the embedded redis-server (" + OneLine.of(e)
          + "); set REDIS_URL to a Redis of yours, e.g. redis://127.0.0.1:6379");
    }
    try {
      return on(fixture);
    } catch (DemoSetupException e) {
      fixture.close();
      throw e;
    }
  }

  /**
   * The demo on {@code fixture}, which {@link #close()} then closes (a no-op for
   * {@link RedisFixture#shared()}).
   *
   * @throws DemoSetupException when the server does not answer
   */
  static DemoRedis on(RedisFixture fixture) {
    return on(fixture, Keyspace.of(fixture.ownsServer() ? "demo" : "demo-" + randomSuffix()));
  }

  /**
   * The demo on {@code fixture}, in {@code keyspace}: e.g. a test's own key space.
   *
   * @throws DemoSetupException when the server does not answer
   */
  static DemoRedis on(RedisFixture fixture, Keyspace keyspace) {
    try (RedisClient client = fixture.newClient()) {
      return new DemoRedis(fixture, versionOf(client.info("server")), keyspace);
    } catch (JedisException e) {
      throw new DemoSetupException(
          "cannot reach Redis at " + address(fixture) + origin(fixture) + ": " + OneLine.of(e));
    } catch (IllegalArgumentException e) { // e.g. a database number that is not a number
      throw new DemoSetupException(URL_SHAPE);
    }
  }

  /** A new client of the server, for one worker; the caller closes it. */
  RedisClient newClient() {
    return fixture.newClient();
  }

  /** Where every key of this run lives: {@code lock:demo:{...}}, {@code dedupe:demo:{...}}, ... */
  Keyspace keyspace() {
    return keyspace;
  }

  /** Where the server is and who runs it, without any password, e.g. for the demo's first line. */
  String describe() {
    return "Redis " + version + " at " + address(fixture) + origin(fixture) + ", key space " + keyspace.env();
  }

  /** Stops the server if the demo started it. */
  @Override
  public void close() {
    fixture.close();
  }

  private static void requireWellFormed(String url) {
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      throw new DemoSetupException(URL_SHAPE); // the parser's message would repeat the URL, password and all
    }
    if (!"redis".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 0) {
      throw new DemoSetupException(URL_SHAPE);
    }
  }

  private static String randomSuffix() {
    return Integer.toString(ThreadLocalRandom.current().nextInt(36 * 36 * 36 * 36), 36);
  }

  private static String address(RedisFixture fixture) {
    return fixture.host() + ":" + fixture.port();
  }

  private static String origin(RedisFixture fixture) {
    return fixture.ownsServer() ? " (started for this demo)" : " (from REDIS_URL)";
  }

  private static String versionOf(String serverInfo) {
    return serverInfo.lines()
        .filter(line -> line.startsWith("redis_version:"))
        .map(line -> line.substring("redis_version:".length()).strip())
        .findFirst()
        .orElse("(unknown version)");
  }
}
