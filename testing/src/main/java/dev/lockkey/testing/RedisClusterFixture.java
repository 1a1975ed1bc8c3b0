package dev.lockkey.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * A real local Redis Cluster: {@code redis-server} processes (the binary shipped in
 * embedded-redis, Redis 6.2.6, or another {@link RedisBinary}) with {@code cluster-enabled yes}
 * on free ports of 127.0.0.1, each in its own directory (for {@code nodes.conf}), joined by
 * CLUSTER MEET, the 16384 slots split evenly over the masters, replicas attached by CLUSTER
 * REPLICATE. {@code start} returns once every node reports {@code cluster_state:ok}, knows every other node and sees all slots assigned, and
 * every replica's link to its master is up. Every wait is bounded and fails with what the
 * nodes said.
 *
 * <p>Use {@link #shared()} for one cluster of three masters per JVM (stopped when the JVM exits),
 * or {@link #builder()} for one of your own, e.g. with replicas for failover tests
 * ({@link #killMaster(HostAndPort)}), or for faults on the node that serves a key
 * ({@link #nodeServing(String)}: pause it, slow it down). Cluster nodes are not put behind a
 * {@link TcpProxy}: clients learn node addresses from the nodes themselves (CLUSTER SLOTS), so a
 * proxy would be bypassed. Thread-safe.
 */
public final class RedisClusterFixture implements AutoCloseable {
  private static final int SLOTS = 16384;
  private static final int START_ATTEMPTS = 3;
  private static final Duration FORM_TIMEOUT = Duration.ofSeconds(60);
  /** Jedis' default for cluster clients: attempts of a command across redirections and reconnects. */
  private static final int MAX_ATTEMPTS = 5;
  private static RedisClusterFixture shared;

  private final List<RedisServerProcess> masters;
  private final List<RedisServerProcess> replicas;
  private final boolean closeable;

  private RedisClusterFixture(List<RedisServerProcess> masters, List<RedisServerProcess> replicas, boolean closeable) {
    this.masters = List.copyOf(masters);
    this.replicas = List.copyOf(replicas);
    this.closeable = closeable;
  }

  /**
   * The cluster of three masters without replicas shared by everything in this JVM, started on
   * first use. Its {@link #close()} does nothing; a shutdown hook stops it. Do not kill its nodes.
   *
   * @return the shared cluster
   */
  public static synchronized RedisClusterFixture shared() {
    if (shared == null) {
      RedisClusterFixture started = builder().start();
      shared = new RedisClusterFixture(started.masters, started.replicas, false);
    }
    return shared;
  }

  /**
   * A builder for a cluster of one's own: three masters, no replicas, node timeout 3 s by default.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The masters' addresses in slot order: the first serves slot 0.
   *
   * @return the masters' addresses
   */
  public List<HostAndPort> masters() {
    return addresses(masters);
  }

  /**
   * The replicas' addresses, those of the first master's replicas first.
   *
   * @return the replicas' addresses, empty without replicas
   */
  public List<HostAndPort> replicas() {
    return addresses(replicas);
  }

  /**
   * Every node's address, masters first.
   *
   * @return every node's address
   */
  public Set<HostAndPort> nodes() {
    Set<HostAndPort> nodes = new LinkedHashSet<>(masters());
    nodes.addAll(replicas());
    return nodes;
  }

  /**
   * The node at {@code address}, for faults: pause it, slow it down ({@code DEBUG SLEEP}), kill it.
   * Not on {@link #shared()}: other tests use it.
   *
   * @param address one of {@link #nodes()}
   * @return that node's process
   * @throws IllegalArgumentException when no node of this cluster has that port
   */
  public RedisNode node(HostAndPort address) {
    return new RedisNode(process(address.getPort()));
  }

  /**
   * The master that serves {@code key}'s slot now (after a failover, the promoted replica), as a
   * running node reports it in {@code CLUSTER NODES}: pause or slow down exactly the node that a
   * lock key lives on. The slot follows hash tags, as clients compute it.
   *
   * <pre>{@code
   * RedisNode node = cluster.nodeServing("lock:test:{order-1}");
   * node.debugSleep(Duration.ofMillis(400)); // a command on that key now waits for the node
   * }</pre>
   *
   * @param key a key as a cluster client sends it; only its hash tag counts when it has one
   * @return the process of the master serving the key's slot
   * @throws IllegalStateException when no running node reports a master for the slot
   */
  public RedisNode nodeServing(String key) {
    int slot = JedisClusterCRC16.getSlot(key);
    List<RedisServerProcess> running = new ArrayList<>(masters);
    running.addAll(replicas);
    for (RedisServerProcess node : running) {
      if (!node.isAlive() || node.isPaused()) {
        continue;
      }
      String nodes;
      try (Jedis jedis = connect(node)) {
        nodes = jedis.clusterNodes();
      }
      Optional<Integer> port = nodes.lines()
          .map(line -> line.split(" "))
          .filter(fields -> fields.length > 8 && List.of(fields[2].split(",")).contains("master")
              && !fields[2].contains("fail") && servesSlot(fields, slot))
          .map(fields -> Integer.parseInt(fields[1].substring(fields[1].lastIndexOf(':') + 1).split("@")[0]))
          .findFirst();
      if (port.isPresent()) {
        return new RedisNode(process(port.get()));
      }
    }
    throw new IllegalStateException("no running node of " + this + " names a master for slot " + slot);
  }

  /** Whether a CLUSTER NODES line's slot ranges (fields 8 on: {@code 0-5460}, {@code 7}) include {@code slot}. */
  private static boolean servesSlot(String[] fields, int slot) {
    for (int i = 8; i < fields.length; i++) {
      if (fields[i].startsWith("[")) {
        continue; // a slot being migrated or imported
      }
      String[] range = fields[i].split("-");
      int from = Integer.parseInt(range[0]);
      int to = Integer.parseInt(range[range.length - 1]);
      if (from <= slot && slot <= to) {
        return true;
      }
    }
    return false;
  }

  private RedisServerProcess process(int port) {
    return Stream.concat(masters.stream(), replicas.stream())
        .filter(node -> node.port() == port)
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no node of this cluster has port " + port + ": " + nodes()));
  }

  /**
   * A new cluster client with the default connect and socket timeouts (2 seconds each).
   *
   * @return the client; the caller closes it
   */
  public RedisClusterClient newClient() {
    return newClient(JedisClients.DEFAULT_TIMEOUT, JedisClients.DEFAULT_TIMEOUT);
  }

  /**
   * A new cluster client that knows every node as a seed, with a pool of up to 64 connections per
   * node. The caller closes it.
   *
   * @param connectTimeout how long opening a connection may take
   * @param socketTimeout how long a reply may take
   * @return the client; the caller closes it
   */
  public RedisClusterClient newClient(Duration connectTimeout, Duration socketTimeout) {
    return RedisClusterClient.builder()
        .nodes(nodes())
        .clientConfig(JedisClients.config(connectTimeout, socketTimeout).build())
        .poolConfig(JedisClients.pool(connectTimeout, socketTimeout))
        .build();
  }

  /**
   * A new cluster client like {@link #newClient()} built only from API that every supported Jedis
   * has (6.0 to 8): a {@code JedisCluster}, the cluster client of Jedis 6 and 7.0 (deprecated, not
   * removed, in Jedis 8). For tests that run on the lowest Jedis; the caller closes it.
   *
   * @return the cluster client, with the default timeouts; the caller closes it
   */
  @SuppressWarnings("deprecation") // JedisCluster is the one cluster client that Jedis 6 to 8 all have
  public UnifiedJedis newUnifiedJedis() {
    Duration timeout = JedisClients.DEFAULT_TIMEOUT;
    return new JedisCluster(nodes(), JedisClients.config(timeout, timeout).build(), MAX_ATTEMPTS,
        JedisClients.pool(timeout, timeout));
  }

  /**
   * Kills a master at once (SIGKILL), as a crash would. With replicas, one of them takes over
   * after the node timeout; {@link #awaitHealthy()} waits for that.
   *
   * @param master the address of one of {@link #masters()}
   * @throws IllegalArgumentException when {@code master} is not one of {@link #masters()}
   */
  public void killMaster(HostAndPort master) {
    masters.stream()
        .filter(node -> node.port() == master.getPort())
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException(master + " is not a master of this cluster: " + masters()))
        .kill();
  }

  /**
   * Waits (bounded) until every running node that is not paused reports {@code cluster_state:ok}, e.g. after a
   * replica took over from a killed master.
   *
   * @throws IllegalStateException when that does not happen within a minute
   */
  public void awaitHealthy() {
    List<RedisServerProcess> running = new ArrayList<>(masters);
    running.addAll(replicas);
    running.removeIf(node -> !node.isAlive() || node.isPaused());
    awaitAll(running, "cluster_state:ok", info -> info.clusterInfo().contains("cluster_state:ok"));
  }

  /** Stops every node and deletes their files; does nothing for {@link #shared()}. */
  @Override
  public void close() {
    if (closeable) {
      destroy(masters, replicas);
    }
  }

  @Override
  public String toString() {
    return "RedisClusterFixture[masters=" + masters() + ", replicas=" + replicas() + "]";
  }

  private static List<HostAndPort> addresses(List<RedisServerProcess> nodes) {
    return nodes.stream().map(node -> new HostAndPort("127.0.0.1", node.port())).toList();
  }

  private static void destroy(List<RedisServerProcess> masters, List<RedisServerProcess> replicas) {
    masters.forEach(RedisServerProcess::destroy);
    replicas.forEach(RedisServerProcess::destroy);
  }

  /** Builds and starts a cluster. */
  public static final class Builder {
    private int masterCount = 3;
    private int replicasPerMaster = 0;
    private Duration nodeTimeout = Duration.ofSeconds(3);
    private RedisBinary binary = RedisBinary.configured();

    private Builder() {}

    /**
     * Which {@code redis-server} every node runs: {@link RedisBinary#configured()} by default.
     *
     * @param binary the binary, e.g. Redis 7 beside the embedded 6.2
     * @return this builder
     */
    public Builder binary(RedisBinary binary) {
      this.binary = Objects.requireNonNull(binary, "binary");
      return this;
    }

    /**
     * How many masters share the slots: 1 or more, 3 by default.
     *
     * @param count the number of masters
     * @return this builder
     */
    public Builder masters(int count) {
      if (count < 1) {
        throw new IllegalArgumentException("a cluster needs at least one master, was " + count);
      }
      this.masterCount = count;
      return this;
    }

    /**
     * How many replicas each master gets: 0 (the default) or more; 1 is enough for failover tests.
     *
     * @param count the number of replicas per master
     * @return this builder
     */
    public Builder replicasPerMaster(int count) {
      if (count < 0) {
        throw new IllegalArgumentException("replicas per master must not be negative, was " + count);
      }
      this.replicasPerMaster = count;
      return this;
    }

    /**
     * {@code cluster-node-timeout}: how long a node may be unreachable before it counts as
     * failed and a replica takes over. 3 seconds by default; shorter risks false failovers on a
     * busy machine.
     *
     * @param timeout the node timeout, at least 100 ms
     * @return this builder
     */
    public Builder nodeTimeout(Duration timeout) {
      if (timeout.toMillis() < 100) {
        throw new IllegalArgumentException("a node timeout below 100 ms is not sensible, was " + timeout);
      }
      this.nodeTimeout = timeout;
      return this;
    }

    /**
     * Starts the processes and forms the cluster; retries with other ports when a port was taken
     * meanwhile.
     *
     * @return the running cluster; the caller closes it
     * @throws IllegalStateException when the cluster does not form within a minute
     */
    public RedisClusterFixture start() {
      IllegalStateException failure = null;
      for (int attempt = 0; attempt < START_ATTEMPTS; attempt++) {
        List<RedisServerProcess> masters = newNodes(masterCount);
        List<RedisServerProcess> replicas = newNodes(masterCount * replicasPerMaster);
        try {
          masters.forEach(RedisServerProcess::start);
          replicas.forEach(RedisServerProcess::start);
          form(masters, replicas);
          return new RedisClusterFixture(masters, replicas, true);
        } catch (IllegalStateException | JedisException e) {
          destroy(masters, replicas);
          failure = e instanceof IllegalStateException ise ? ise : new IllegalStateException(e.getMessage(), e);
        }
      }
      throw failure;
    }

    private List<RedisServerProcess> newNodes(int count) {
      List<String> settings = List.of(
          "--cluster-enabled", "yes",
          "--cluster-config-file", "nodes.conf",
          "--cluster-node-timeout", Long.toString(nodeTimeout.toMillis()),
          // a replica may take over however long ago it last heard from its master: tests kill masters
          "--cluster-replica-validity-factor", "0");
      List<RedisServerProcess> nodes = new ArrayList<>();
      Set<Integer> ports = new LinkedHashSet<>();
      while (nodes.size() < count) {
        int port = LoopbackPorts.freeWithClusterBus();
        if (ports.add(port)) {
          nodes.add(new RedisServerProcess(binary, port, settings));
        }
      }
      return nodes;
    }

    private void form(List<RedisServerProcess> masters, List<RedisServerProcess> replicas) {
      List<RedisServerProcess> all = new ArrayList<>(masters);
      all.addAll(replicas);
      for (int i = 0; i < all.size(); i++) {
        try (Jedis node = connect(all.get(i))) {
          node.clusterSetConfigEpoch(i + 1); // distinct epochs, as redis-cli --cluster create sets them
          if (i < masters.size()) {
            int from = i * SLOTS / masters.size();
            int to = (i + 1) * SLOTS / masters.size();
            node.clusterAddSlots(IntStream.range(from, to).toArray());
          }
        }
      }
      try (Jedis first = connect(all.get(0))) {
        all.stream().skip(1).forEach(node -> first.clusterMeet("127.0.0.1", node.port()));
      }
      String knowAll = "cluster_known_nodes:" + all.size();
      awaitAll(all, knowAll, info -> info.clusterInfo().contains(knowAll) && !info.nodes().contains("handshake"));
      for (int i = 0; i < replicas.size(); i++) {
        RedisServerProcess master = masters.get(i / replicasPerMaster);
        String masterId;
        try (Jedis jedis = connect(master)) {
          masterId = jedis.clusterMyId();
        }
        try (Jedis replica = connect(replicas.get(i))) {
          replica.clusterReplicate(masterId);
        }
      }
      awaitAll(all, "cluster_state:ok with all slots assigned", info ->
          info.clusterInfo().contains("cluster_state:ok")
              && info.clusterInfo().contains("cluster_slots_assigned:" + SLOTS)
              && info.clusterInfo().contains(knowAll)
              && info.countRole("master") == masters.size()
              && info.countRole("slave") == replicas.size());
      awaitAll(replicas, "master_link_status:up", info -> info.replication().contains("master_link_status:up"));
    }
  }

  /** What a node says about the cluster, read for one check. */
  private record NodeView(String clusterInfo, String nodes, String replication) {
    /** How many nodes of CLUSTER NODES carry this role flag ({@code master} or {@code slave}). */
    long countRole(String role) {
      return nodes.lines()
          .map(line -> line.split(" "))
          .filter(fields -> fields.length > 2 && List.of(fields[2].split(",")).contains(role))
          .count();
    }
  }

  private static Jedis connect(RedisServerProcess node) {
    return new Jedis("127.0.0.1", node.port(), 2000);
  }

  private static void awaitAll(List<RedisServerProcess> nodes, String what, Predicate<NodeView> ready) {
    long deadline = System.nanoTime() + FORM_TIMEOUT.toNanos();
    for (RedisServerProcess node : nodes) {
      while (true) {
        NodeView view;
        try (Jedis jedis = connect(node)) {
          view = new NodeView(jedis.clusterInfo(), jedis.clusterNodes(), jedis.info("replication"));
        }
        if (ready.test(view)) {
          break;
        }
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("Redis Cluster did not reach " + what + " within " + FORM_TIMEOUT
              + "; " + node + " says:\n" + view.clusterInfo() + "\n" + view.nodes() + "\nlog:\n" + node.logTail());
        }
        RedisServerProcess.sleep(Duration.ofMillis(50));
      }
    }
  }
}
