package dev.lockkey.testing;

import java.time.Duration;
import java.util.List;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A primary with one replica: two {@code redis-server} processes on free ports of 127.0.0.1, the
 * second following the first ({@code REPLICAOF}). {@link #start()} returns once the replica
 * reports {@code master_link_status:up}, so {@code WAIT 1 ...} on the primary can be answered.
 * Replication is asynchronous, as in production: a write the primary acknowledged may be missing
 * on the replica when the primary dies.
 *
 * <pre>{@code
 * try (RedisReplicationFixture pair = RedisReplicationFixture.start();
 *     RedisClient client = pair.primary().newClient()) {
 *   client.set("k", "v");
 *   client.waitReplicas("k", 1, 1000);     // 1: the replica has it
 *   RedisNode old = pair.primary();
 *   old.kill();                             // or old.pause(): a primary that comes back later
 *   RedisNode promoted = pair.promoteReplica();
 *   // clients must be pointed at promoted.address(): there is no Sentinel here
 * }
 * }</pre>
 *
 * <p>{@link #close()} stops both processes (resuming a paused one first). Thread-safe.
 */
public final class RedisReplicationFixture implements AutoCloseable {
  private static final int START_ATTEMPTS = 3;
  private static final Duration LINK_TIMEOUT = Duration.ofSeconds(30);

  private RedisNode primary;
  private RedisNode replica;

  private RedisReplicationFixture(RedisNode primary, RedisNode replica) {
    this.primary = primary;
    this.replica = replica;
  }

  /**
   * Starts a primary and a replica and waits until the replica's link is up; retries with other
   * ports when a port was taken meanwhile.
   *
   * @return the running pair; the caller closes it
   * @throws IllegalStateException when the link does not come up within 30 seconds
   */
  public static RedisReplicationFixture start() {
    IllegalStateException failure = null;
    for (int attempt = 0; attempt < START_ATTEMPTS; attempt++) {
      RedisServerProcess first = new RedisServerProcess(LoopbackPorts.free(), List.of());
      RedisServerProcess second = new RedisServerProcess(LoopbackPorts.free(), List.of());
      try {
        first.start();
        second.start();
        RedisNode primary = new RedisNode(first);
        RedisNode replica = new RedisNode(second);
        follow(replica, primary);
        return new RedisReplicationFixture(primary, replica);
      } catch (IllegalStateException | JedisException e) {
        first.destroy();
        second.destroy();
        failure = e instanceof IllegalStateException ise ? ise : new IllegalStateException(e.getMessage(), e);
      }
    }
    throw failure;
  }

  /**
   * The node that takes writes now.
   *
   * @return the first node, or the replica once {@link #promoteReplica()} ran
   */
  public synchronized RedisNode primary() {
    return primary;
  }

  /**
   * The other node.
   *
   * @return the replica, or after {@link #promoteReplica()} the old primary
   */
  public synchronized RedisNode replica() {
    return replica;
  }

  /**
   * Fails over by hand: the replica stops following ({@code REPLICAOF NO ONE}) and takes writes
   * with the data it had; the two nodes swap roles here. Kill or pause the old primary first to
   * model a crash or a stalled primary; left running, it is a second primary (split brain) until
   * {@link #rejoinAsReplica()}. Clients of the old address must be pointed at the new one.
   *
   * @return the new primary
   */
  public synchronized RedisNode promoteReplica() {
    try (Jedis jedis = replica.admin()) {
      jedis.replicaofNoOne();
    }
    RedisNode promoted = replica;
    replica = primary;
    primary = promoted;
    return promoted;
  }

  /**
   * Makes the node that {@link #replica()} names follow the primary again (restarting it, empty,
   * if it was killed or stopped; resuming it if paused), and waits until its link is up. Its own
   * writes since the failover are gone: it takes the primary's data.
   *
   * @throws IllegalStateException when the link does not come up within 30 seconds
   */
  public synchronized void rejoinAsReplica() {
    replica.resume();
    replica.restart();
    follow(replica, primary);
  }

  /** Stops both processes and deletes their files. */
  @Override
  public synchronized void close() {
    primary.process().destroy();
    replica.process().destroy();
  }

  @Override
  public synchronized String toString() {
    return "RedisReplicationFixture[primary=" + primary + ", replica=" + replica + "]";
  }

  private static void follow(RedisNode replica, RedisNode primary) {
    try (Jedis jedis = replica.admin()) {
      jedis.replicaof("127.0.0.1", primary.port());
    }
    long deadline = System.nanoTime() + LINK_TIMEOUT.toNanos();
    while (true) {
      String replication = replica.info("replication");
      if (replication.contains("master_link_status:up")) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the replica " + replica + " of " + primary
            + " did not report master_link_status:up within " + LINK_TIMEOUT + ": " + replication);
      }
      RedisServerProcess.sleep(Duration.ofMillis(20));
    }
  }
}
