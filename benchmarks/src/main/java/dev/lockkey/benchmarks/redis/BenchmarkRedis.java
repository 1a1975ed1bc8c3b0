package dev.lockkey.benchmarks.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import redis.clients.jedis.RedisClient;
import redis.embedded.RedisServer;

/**
 * The one local redis-server that every contender of a benchmark run talks to: loopback only,
 * no persistence (snapshots or an append-only file would put disk stalls into the timings).
 * Stops the server on {@link #close()}.
 */
public final class BenchmarkRedis implements AutoCloseable {
  private final RedisServer server;
  private final int port;
  private final long pid;
  private final String version;

  private BenchmarkRedis(RedisServer server, int port, long pid, String version) {
    this.server = server;
    this.port = port;
    this.pid = pid;
    this.version = version;
  }

  /** Starts a redis-server on a free loopback port and waits until it answers. */
  public static BenchmarkRedis start() {
    int port = freePort();
    try {
      RedisServer server =
          RedisServer.newRedisServer()
              .port(port)
              .setting("bind 127.0.0.1")
              .setting("save \"\"")
              .setting("appendonly no")
              .build();
      server.start();
      try (RedisClient client = RedisClient.create("127.0.0.1", port)) {
        String info = client.info("server");
        return new BenchmarkRedis(
            server,
            port,
            Long.parseLong(infoField(info, "process_id")),
            infoField(info, "redis_version"));
      } catch (RuntimeException e) {
        server.stop();
        throw e;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start redis-server", e);
    }
  }

  /** Where clients connect. */
  public RedisEndpoint endpoint() {
    return new RedisEndpoint("127.0.0.1", port);
  }

  /** The server's process id, for pinning it to a CPU. */
  public long pid() {
    return pid;
  }

  /** The server's version, e.g. {@code 6.2.6}. */
  public String version() {
    return version;
  }

  @Override
  public void close() {
    try {
      server.stop();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot stop redis-server on port " + port, e);
    }
  }

  private static String infoField(String info, String name) {
    for (String line : info.split("\r?\n")) {
      if (line.startsWith(name + ":")) {
        return line.substring(name.length() + 1).trim();
      }
    }
    throw new IllegalStateException("INFO has no field " + name);
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port", e);
    }
  }
}
