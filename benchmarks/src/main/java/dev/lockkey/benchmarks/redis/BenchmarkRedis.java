package dev.lockkey.benchmarks.redis;

import dev.lockkey.testing.RedisFixture;
import redis.clients.jedis.RedisClient;

/**
 * The one local redis-server that every contender of a benchmark run talks to: the project's
 * {@link RedisFixture}, always started here (never an external {@code REDIS_URL} server), because
 * the suite pins the process to a CPU and reports its version. Stops the server on {@link
 * #close()}.
 */
public final class BenchmarkRedis implements AutoCloseable {
  private final RedisFixture fixture;
  private final long pid;
  private final String version;

  private BenchmarkRedis(RedisFixture fixture, long pid, String version) {
    this.fixture = fixture;
    this.pid = pid;
    this.version = version;
  }

  /** Starts a redis-server on a free loopback port; it answers once this returns. */
  public static BenchmarkRedis start() {
    RedisFixture fixture = RedisFixture.startLocal();
    try (RedisClient client = fixture.newClient()) {
      String info = client.info("server");
      return new BenchmarkRedis(
          fixture, Long.parseLong(infoField(info, "process_id")), infoField(info, "redis_version"));
    } catch (RuntimeException e) {
      fixture.close();
      throw e;
    }
  }

  /** Where clients connect. */
  public RedisEndpoint endpoint() {
    return new RedisEndpoint(fixture.host(), fixture.port());
  }

  /** The server's process id, for pinning it to a CPU. */
  public long pid() {
    return pid;
  }

  /** The server's version as it reports it. */
  public String version() {
    return version;
  }

  @Override
  public void close() {
    fixture.close();
  }

  private static String infoField(String info, String name) {
    for (String line : info.split("\r?\n")) {
      if (line.startsWith(name + ":")) {
        return line.substring(name.length() + 1).trim();
      }
    }
    throw new IllegalStateException("INFO has no field " + name);
  }
}
