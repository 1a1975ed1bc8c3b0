package dev.lockkey.testing;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClient;

/**
 * One {@code redis-server} process that a fixture started and owns, and the faults it can suffer:
 * a pause (SIGSTOP, as a GC pause, a frozen VM or a stalled disk would), a slow command
 * ({@code DEBUG SLEEP}), a crash (SIGKILL), a restart on the same port, and configuration changes
 * such as a memory limit. Get one from {@link RedisFixture#node()},
 * {@link RedisClusterFixture#node(HostAndPort)}, {@link RedisClusterFixture#nodeServing(String)} or
 * {@link RedisReplicationFixture}.
 *
 * <pre>{@code
 * try (RedisFixture redis = RedisFixture.startLocal(); RedisClient client = redis.newClient()) {
 *   RedisNode node = redis.node();
 *   node.pause();                               // PING now times out
 *   try { ... } finally { node.resume(); }      // close() resumes too
 *   CompletableFuture<Void> slow = node.debugSleep(Duration.ofMillis(400)); // returns at once
 *   ...                                         // commands wait about 400 ms for the node
 *   slow.join();                                // the sleep is over
 * }
 * }</pre>
 *
 * <p>A paused node is resumed before it is stopped or killed, and at JVM exit. Thread-safe.
 */
public final class RedisNode {
  private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(5);

  private final RedisServerProcess process;

  RedisNode(RedisServerProcess process) {
    this.process = process;
  }

  /**
   * The node's address.
   *
   * @return {@code 127.0.0.1} and its port
   */
  public HostAndPort address() {
    return new HostAndPort("127.0.0.1", process.port());
  }

  /**
   * The node's port, the same across restarts.
   *
   * @return the port on 127.0.0.1
   */
  public int port() {
    return process.port();
  }

  /**
   * The operating system's id of the running {@code redis-server} process; a restart changes it.
   *
   * @return the process id
   * @throws IllegalStateException when the node does not run
   */
  public long pid() {
    return process.pid();
  }

  /**
   * Whether the process runs.
   *
   * @return true while it runs, paused or not
   */
  public boolean isRunning() {
    return process.isAlive();
  }

  /**
   * Freezes the process (SIGSTOP) until {@link #resume()}. Its connections stay open and nothing
   * answers: commands wait for their socket timeout, new connections are accepted by the kernel
   * and wait too. Does nothing when the node is paused already.
   *
   * @throws IllegalStateException when the node does not run
   */
  public void pause() {
    process.pause();
  }

  /** Lets a paused node go on (SIGCONT): it then answers what it was sent meanwhile. */
  public void resume() {
    process.resume();
  }

  /**
   * Whether the node is paused.
   *
   * @return true between {@link #pause()} and {@link #resume()}, a stop or a kill
   */
  public boolean isPaused() {
    return process.isPaused();
  }

  /**
   * Makes the node busy for {@code duration} ({@code DEBUG SLEEP} on a connection of its own), as
   * a slow command or a slow disk would, without blocking the caller: returns once the command is
   * sent. Every command another client sends afterwards waits until the sleep is over (Redis
   * executes one command at a time), except, rarely, one that reaches the server in the same
   * event-loop turn as the sleep: sleep clearly longer than the timeout a test wants to provoke.
   *
   * @param duration how long the node sleeps, to the millisecond
   * @return completes when the node answered the sleep, or exceptionally when the connection failed
   * @throws IllegalArgumentException when {@code duration} is negative
   */
  public CompletableFuture<Void> debugSleep(Duration duration) {
    return DebugSleep.send(address(), duration);
  }

  /** Kills the process at once (SIGKILL), as a crash would; its data is gone. */
  public void kill() {
    process.kill();
  }

  /** Stops the process (SIGTERM, resuming it first if paused); its data is gone. */
  public void stop() {
    process.stop();
  }

  /**
   * Starts the process again on the same port, empty and with the settings it was started with,
   * and waits until it answers PING; does nothing when it runs. Replication is set at run time, so a
   * replica comes back as a primary of its own ({@link RedisReplicationFixture#rejoinAsReplica()}).
   *
   * @throws IllegalStateException when it does not answer PING in time, e.g. because the port was
   *     taken meanwhile
   */
  public void restart() {
    process.start();
  }

  /**
   * {@code CONFIG SET name value}, e.g. {@code configSet("maxmemory-policy", "volatile-ttl")}.
   *
   * @param name a parameter that Redis lets change at run time
   * @param value its new value
   * @throws redis.clients.jedis.exceptions.JedisDataException when the server refuses it
   */
  public void configSet(String name, String value) {
    try (Jedis jedis = admin()) {
      jedis.configSet(name, value);
    }
  }

  /**
   * Limits the memory for data and sets what Redis evicts when it is reached, e.g.
   * {@code limitMemory("4mb", "volatile-ttl")}: with any policy but {@code noeviction}, writes can
   * evict keys, locks too.
   *
   * @param maxmemory the limit as Redis reads it, e.g. {@code 4mb}
   * @param policy the {@code maxmemory-policy}, e.g. {@code volatile-ttl} or {@code noeviction}
   */
  public void limitMemory(String maxmemory, String policy) {
    configSet("maxmemory-policy", policy);
    configSet("maxmemory", maxmemory);
  }

  /**
   * {@code INFO section}, e.g. {@code info("replication")}.
   *
   * @param section the INFO section
   * @return the section as the node prints it
   */
  public String info(String section) {
    try (Jedis jedis = admin()) {
      return jedis.info(section);
    }
  }

  /**
   * A new client of this node with the default connect and socket timeouts (2 seconds each).
   *
   * @return the client; the caller closes it
   */
  public RedisClient newClient() {
    return newClient(JedisClients.DEFAULT_TIMEOUT, JedisClients.DEFAULT_TIMEOUT);
  }

  /**
   * A new client of this node with a pool of up to 64 connections; the caller closes it.
   *
   * @param connectTimeout how long opening a connection may take
   * @param socketTimeout how long a reply may take
   * @return the client; the caller closes it
   */
  public RedisClient newClient(Duration connectTimeout, Duration socketTimeout) {
    return RedisClient.builder()
        .hostAndPort(address())
        .clientConfig(JedisClients.config(connectTimeout, socketTimeout).build())
        .poolConfig(JedisClients.pool(connectTimeout, socketTimeout))
        .build();
  }

  /** A single connection for one administrative command. */
  Jedis admin() {
    return new Jedis(address(), JedisClients.config(ADMIN_TIMEOUT, ADMIN_TIMEOUT).build());
  }

  RedisServerProcess process() {
    return process;
  }

  @Override
  public String toString() {
    return "RedisNode[127.0.0.1:" + port() + (isPaused() ? ", paused" : isRunning() ? "" : ", down") + "]";
  }
}
