package dev.lockkey.testing;

import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;

/**
 * A Redis server for tests, demos and benchmarks: the {@code redis-server} binary shipped in
 * {@code com.github.codemonstur:embedded-redis} (Redis 6.2.6) or another {@link RedisBinary}, started on a free port of
 * 127.0.0.1 with no persistence; or, when the environment variable {@value #REDIS_URL} is set
 * (e.g. {@code redis://127.0.0.1:6379}), that server, which this fixture then neither owns nor
 * stops.
 *
 * <p>Use {@link #shared()} for one server per JVM (stopped when the JVM exits), or {@link #start()}
 * in try-with-resources for one of your own, e.g. for outage tests with {@link #stop()} and
 * {@link #restart()}, or for faults through {@link #node()} (pause, slow commands, crash, memory
 * limits) and a {@link TcpProxy} in front of it. Tests that need those call {@link #ownsServer()}
 * first and skip when it is false. Thread-safe.
 */
public final class RedisFixture implements AutoCloseable {
  /** The environment variable naming an existing server to use instead of starting one. */
  public static final String REDIS_URL = "REDIS_URL";

  private static final int START_ATTEMPTS = 3;
  private static RedisFixture shared;
  private static final Map<RedisBinary, RedisFixture> SHARED_BY_BINARY = new HashMap<>();

  private final URI uri;
  private final RedisServerProcess process;
  private final boolean closeable;

  private RedisFixture(URI uri, RedisServerProcess process, boolean closeable) {
    this.uri = uri;
    this.process = process;
    this.closeable = closeable;
  }

  /**
   * The server shared by everything in this JVM, started on first use. Its {@link #close()} does
   * nothing; a shutdown hook stops it. Do not {@link #stop()} it: other tests use it.
   *
   * @return the shared server
   */
  public static synchronized RedisFixture shared() {
    if (shared == null) {
      RedisFixture started = start();
      shared = new RedisFixture(started.uri, started.process, false);
    }
    return shared;
  }

  /**
   * The server of {@code binary} shared by everything in this JVM that asks for that binary, e.g.
   * Redis 7 beside the embedded 6.2: started on first use, stopped when the JVM exits. When
   * {@value #REDIS_URL} is set, that server, whatever binary it runs.
   *
   * @param binary the {@code redis-server} to run
   * @return the shared server of that binary
   */
  public static synchronized RedisFixture shared(RedisBinary binary) {
    String url = System.getenv(REDIS_URL);
    if (url != null && !url.isBlank()) {
      return shared();
    }
    return SHARED_BY_BINARY.computeIfAbsent(binary, ofBinary -> {
      RedisFixture started = startLocal(ofBinary, List.of());
      return new RedisFixture(started.uri, started.process, false);
    });
  }

  /**
   * The server named by {@value #REDIS_URL} when that is set, else a new local one.
   *
   * @return the server; the caller closes it
   */
  public static RedisFixture start() {
    String url = System.getenv(REDIS_URL);
    if (url != null && !url.isBlank()) {
      return new RedisFixture(URI.create(url.strip()), null, true);
    }
    return startLocal();
  }

  /**
   * A new local server that this fixture owns, whatever {@value #REDIS_URL} says.
   *
   * @return the running server; the caller closes it
   */
  public static RedisFixture startLocal() {
    return startLocal(List.of());
  }

  /**
   * A new local server that this fixture owns, started with extra {@code redis-server} arguments,
   * e.g. {@code --tls-port} with its certificate files. The plain port stays open: the fixture
   * waits for PING there. A start failure quotes the server's log, which repeats a rejected
   * argument: set passwords with {@code ACL SETUSER} once started, not here.
   *
   * @param settings extra arguments, e.g. {@code List.of("--tls-port", "0")}
   * @return the running server; the caller closes it
   */
  public static RedisFixture startLocal(List<String> settings) {
    return startLocal(RedisBinary.configured(), settings);
  }

  /**
   * A new local server of {@code binary}, e.g. Redis 7 beside the embedded 6.2, that this fixture
   * owns, started with extra {@code redis-server} arguments as {@link #startLocal(List)} is.
   *
   * @param binary the {@code redis-server} to run
   * @param settings extra arguments, often none
   * @return the running server; the caller closes it
   */
  public static RedisFixture startLocal(RedisBinary binary, List<String> settings) {
    IllegalStateException failure = null;
    for (int attempt = 0; attempt < START_ATTEMPTS; attempt++) {
      int port = LoopbackPorts.free();
      RedisServerProcess process = new RedisServerProcess(binary, port, settings);
      try {
        process.start();
        return new RedisFixture(URI.create("redis://127.0.0.1:" + port), process, true);
      } catch (IllegalStateException portTakenMeanwhile) {
        process.destroy();
        failure = portTakenMeanwhile;
      }
    }
    throw failure;
  }

  /**
   * The server's host name or address.
   *
   * @return the host, e.g. {@code 127.0.0.1}
   */
  public String host() {
    return uri.getHost();
  }

  /**
   * The server's port.
   *
   * @return the port
   */
  public int port() {
    return uri.getPort();
  }

  /**
   * The server's URI, e.g. {@code redis://127.0.0.1:40123}; with the user and password of
   * {@value #REDIS_URL} if it names them, so do not print it ({@link #toString()} leaves them out).
   *
   * @return the URI, credentials included
   */
  public URI uri() {
    return uri;
  }

  /**
   * Whether this fixture started the server, so that {@link #stop()} and {@link #restart()} work.
   *
   * @return true for a server this fixture started
   */
  public boolean ownsServer() {
    return process != null;
  }

  /**
   * A new client with the default connect and socket timeouts (2 seconds each).
   *
   * @return the client; the caller closes it
   */
  public RedisClient newClient() {
    return newClient(JedisClients.DEFAULT_TIMEOUT, JedisClients.DEFAULT_TIMEOUT);
  }

  /**
   * A new client (Jedis negotiates RESP3 with the server) with a pool of up to 64 connections,
   * using the user, password and database of {@value #REDIS_URL} if it names them. The caller
   * closes it.
   *
   * @param connectTimeout how long opening a connection may take
   * @param socketTimeout how long a reply may take
   * @return the client; the caller closes it
   */
  public RedisClient newClient(Duration connectTimeout, Duration socketTimeout) {
    return newClientAt(new HostAndPort(host(), port()), connectTimeout, socketTimeout);
  }

  /**
   * A client as {@link #newClient(Duration, Duration)} makes it, connecting to {@code address}: a
   * proxy of this server.
   */
  RedisClient newClientAt(HostAndPort address, Duration connectTimeout, Duration socketTimeout) {
    return JedisClients.client(uri, address, connectTimeout, socketTimeout);
  }

  /**
   * A new client like {@link #newClient()} built only from API that every supported Jedis has
   * (6.0 to 8): a {@link UnifiedJedis} on a {@code PooledConnectionProvider}, as Jedis 6's
   * {@code JedisPooled} is, speaking RESP2. For tests that run on the lowest Jedis; the caller
   * closes it.
   *
   * @return the client, with the default timeouts; the caller closes it
   */
  public UnifiedJedis newUnifiedJedis() {
    return newUnifiedJedis(JedisClients.DEFAULT_TIMEOUT, JedisClients.DEFAULT_TIMEOUT);
  }

  /**
   * {@link #newUnifiedJedis()} with these timeouts.
   *
   * @param connectTimeout how long opening a connection may take
   * @param socketTimeout how long a reply may take
   * @return the client; the caller closes it
   */
  public UnifiedJedis newUnifiedJedis(Duration connectTimeout, Duration socketTimeout) {
    return JedisClients.unifiedJedis(uri, new HostAndPort(host(), port()), connectTimeout, socketTimeout);
  }

  /**
   * Stops the server (clients then see refused connections) until {@link #restart()}. Its data
   * is gone: there is no persistence.
   *
   * @throws UnsupportedOperationException when {@link #ownsServer()} is false
   */
  public void stop() {
    owned().stop();
  }

  /**
   * Starts the server again on the same port, empty, and waits until it answers PING; does
   * nothing when it runs.
   *
   * @throws UnsupportedOperationException when {@link #ownsServer()} is false
   */
  public void restart() {
    owned().start();
  }

  /**
   * The server process, for faults: {@link RedisNode#pause()}, {@link RedisNode#debugSleep},
   * {@link RedisNode#kill()}, {@link RedisNode#limitMemory}. Do not use it on {@link #shared()}.
   *
   * @return the server's process
   * @throws UnsupportedOperationException when {@link #ownsServer()} is false
   */
  public RedisNode node() {
    return new RedisNode(owned());
  }

  private RedisServerProcess owned() {
    if (process == null) {
      throw new UnsupportedOperationException(
          REDIS_URL + " is set: the server at " + redacted() + " is not owned by this fixture and cannot be stopped");
    }
    return process;
  }

  /** Stops an owned server and deletes its files; does nothing for {@link #shared()} or {@value #REDIS_URL}. */
  @Override
  public void close() {
    if (closeable && process != null) {
      process.destroy();
    }
  }

  @Override
  public String toString() {
    return "RedisFixture[" + redacted() + (ownsServer() ? ", owned" : ", external") + "]";
  }

  /** The URI without user and password, which {@value #REDIS_URL} may carry: fit for messages. */
  private String redacted() {
    return uri.getScheme() + "://" + host() + ":" + port() + (uri.getPath() == null ? "" : uri.getPath());
  }
}
