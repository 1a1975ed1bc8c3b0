package dev.lockkey.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A primary, its replica ({@link RedisReplicationFixture}) and three Sentinels watching them as
 * {@value #MASTER}: real {@code redis-sentinel} processes (the embedded-redis {@code redis-server}
 * binary run with {@code --sentinel}) on free ports of 127.0.0.1, with a quorum of 2 and a primary
 * counted down after {@link #DOWN_AFTER}. {@link #start()} returns once every Sentinel knows the
 * replica and the two other Sentinels, so a failover can be agreed on. {@link #close()} stops
 * every process. Thread-safe.
 */
public final class RedisSentinelFixture implements AutoCloseable {
  /** The name the Sentinels know the primary by. */
  public static final String MASTER = "lockkey";
  /** How long a primary may stay silent before a Sentinel counts it down. */
  public static final Duration DOWN_AFTER = Duration.ofSeconds(1);
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

  private final RedisReplicationFixture pair;
  private final List<Process> sentinels = new ArrayList<>();
  private final List<HostAndPort> addresses = new ArrayList<>();
  private final List<Path> dirs = new ArrayList<>();

  private RedisSentinelFixture(RedisReplicationFixture pair) {
    this.pair = pair;
  }

  /**
   * Starts the primary, the replica and three Sentinels, and waits until the Sentinels know each other.
   *
   * @return the running fixture; the caller closes it
   * @throws IllegalStateException when the Sentinels do not find each other within 30 seconds
   */
  public static RedisSentinelFixture start() {
    RedisSentinelFixture fixture = new RedisSentinelFixture(RedisReplicationFixture.start());
    try {
      for (int i = 0; i < 3; i++) {
        fixture.startSentinel();
      }
      fixture.awaitReady();
      return fixture;
    } catch (RuntimeException e) {
      fixture.close();
      throw e;
    }
  }

  /**
   * The Sentinels' addresses, for a client's Sentinel configuration.
   *
   * @return the three addresses
   */
  public synchronized Set<HostAndPort> sentinels() {
    return Set.copyOf(addresses);
  }

  /**
   * The data nodes: the primary and the replica as started (their roles change with a failover).
   *
   * @return the replication pair
   */
  public RedisReplicationFixture pair() {
    return pair;
  }

  /**
   * The address the Sentinels name as primary now ({@code SENTINEL get-master-addr-by-name}),
   * asked of the first Sentinel that answers.
   *
   * @return the primary's address
   * @throws IllegalStateException when no Sentinel answers
   */
  public HostAndPort currentPrimary() {
    for (HostAndPort sentinel : sentinels()) {
      try (Jedis jedis = new Jedis(sentinel.getHost(), sentinel.getPort(), 1000)) {
        List<String> address = jedis.sentinelGetMasterAddrByName(MASTER);
        return new HostAndPort(address.get(0), Integer.parseInt(address.get(1)));
      } catch (JedisException | IndexOutOfBoundsException notAnswered) {
        // ask the next one
      }
    }
    throw new IllegalStateException("no Sentinel of " + MASTER + " answers");
  }

  /** Stops the Sentinels and both data nodes, and deletes the Sentinels' files. */
  @Override
  public synchronized void close() {
    for (Process sentinel : sentinels) {
      sentinel.destroyForcibly();
      try {
        sentinel.waitFor(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    pair.close();
    for (Path dir : dirs) {
      try (var files = Files.walk(dir)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
      } catch (IOException ignored) {
        // a temporary directory left behind is harmless
      }
    }
  }

  private synchronized void startSentinel() {
    int port = LoopbackPorts.free();
    HostAndPort primary = pair.primary().address();
    try {
      Path dir = Files.createTempDirectory("lockkey-sentinel-" + port + "-");
      dirs.add(dir);
      Path config = dir.resolve("sentinel.conf");
      // Sentinel rewrites its file as it learns: it must be a writable file of its own
      Files.writeString(config, String.join("\n",
          "port " + port,
          "bind 127.0.0.1",
          "dir " + dir,
          "sentinel monitor " + MASTER + " " + primary.getHost() + " " + primary.getPort() + " 2",
          "sentinel down-after-milliseconds " + MASTER + " " + DOWN_AFTER.toMillis(),
          "sentinel failover-timeout " + MASTER + " 10000",
          "sentinel parallel-syncs " + MASTER + " 1",
          ""), StandardCharsets.UTF_8);
      Process process = new ProcessBuilder(RedisServerProcess.binary().toString(), config.toString(), "--sentinel")
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("sentinel.log").toFile()))
          .start();
      sentinels.add(process);
      addresses.add(new HostAndPort("127.0.0.1", port));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start a Sentinel on port " + port, e);
    }
  }

  /** Until every Sentinel knows the replica and the two other Sentinels. */
  private void awaitReady() {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (!ready()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the Sentinels of " + MASTER + " did not find each other within "
            + READY_TIMEOUT + " (" + addresses.stream().map(HostAndPort::toString).collect(Collectors.joining(", "))
            + ")");
      }
      RedisServerProcess.sleep(Duration.ofMillis(100));
    }
  }

  private boolean ready() {
    for (HostAndPort sentinel : sentinels()) {
      try (Jedis jedis = new Jedis(sentinel.getHost(), sentinel.getPort(), 1000)) {
        if (jedis.sentinelReplicas(MASTER).isEmpty() || jedis.sentinelSentinels(MASTER).size() < 2) {
          return false;
        }
      } catch (JedisException notYet) {
        return false;
      }
    }
    return true;
  }
}
