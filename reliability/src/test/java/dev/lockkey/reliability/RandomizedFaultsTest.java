package dev.lockkey.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import dev.lockkey.dynamodb.DynaliteServer;
import dev.lockkey.dynamodb.DynamoLockTable;
import dev.lockkey.jdbc.TestPostgres;
import dev.lockkey.reliability.specs.StockAdjustmentKey;
import dev.lockkey.testing.RedisClusterFixture;
import dev.lockkey.testing.RedisFixture;
import dev.lockkey.testing.RedisNode;
import dev.lockkey.testing.TcpProxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The randomized fault suite, on one Redis server, on a Redis Cluster, on PostgreSQL and on DynamoDB
 * (dynalite, skipped without Node.js): {@value #WORKERS} worker processes of
 * {@value #THREADS} threads ({@link FaultWorker}) lock {@value #KEYS} keys (through a proxy each, on
 * one server) and
 * read-modify-write a {@link FencedRegister} on a server no fault touches, while the
 * {@link Nemesis} stops workers, black-holes, slows and resets their connections, and pauses,
 * puts to sleep (Redis) and restarts the lock server (a cluster's masters are paused and put to sleep, not
 * restarted: that would be a failover, which {@code ClusterFailoverTest} covers), on a schedule
 * drawn from a seed. Then
 * {@link FaultHistory} checks the history: no lost update, tokens that never fall or repeat, no
 * overlap of valid holds untouched by a fault, progress while only a worker is faulted, and nothing
 * left in the lock server but its documented, expiring state.
 *
 * <p>The seed is printed; {@code -Dlockkey.faults.seed=<seed>} replays its schedule and
 * {@code -Dlockkey.faults.seconds=<n>} sets the time the nemesis runs on each backend (default 12).
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class RandomizedFaultsTest {
  private static final int WORKERS = 3;
  private static final int THREADS = 4;
  private static final int KEYS = 4;
  private static final long SEED = Long.getLong("lockkey.faults.seed", System.nanoTime());
  private static final Duration FAULT_TIME = Duration.ofSeconds(Long.getLong("lockkey.faults.seconds", 12));
  /** Before the first fault and after the last: the workers start, and the last holds end in peace. */
  private static final Duration QUIET = Duration.ofSeconds(4);
  /** Starting a JVM, connecting, and the last locks' release, on a loaded machine. */
  private static final Duration SLACK = Duration.ofSeconds(90);
  /** The lease time (1 s), a renewal's retry and a client's timeouts: how long a fault's effects last. */
  private static final Duration AFTERMATH = Duration.ofSeconds(3);
  /** Longest time without an acquisition while only a worker is faulted: its leases run out in 1 s. */
  private static final Duration PROGRESS = Duration.ofSeconds(5);
  /** What a lock leaves in Redis, each with a TTL (docs/BACKENDS.md): never the lock itself. */
  private static final Pattern DOCUMENTED = Pattern.compile("(fence|releaser|contended|waiters|waiting):.*");

  @Test
  void onOneServerTheHistoryHasNoLostUpdateNoUnsafeHoldAndProgress(@TempDir Path dir) throws Exception {
    try (RedisFixture store = RedisFixture.startLocal()) {
      RedisNode node = store.node();
      check(new Target("redis", List.of(FaultedStore.of(node)), node.address(), true,
          proxy -> Map.of(RedisFixture.REDIS_URL, "redis://127.0.0.1:" + proxy.port()),
          keyspace -> assertOnlyDocumentedStateLeft(List.of(node), keyspace)), dir);
    }
  }

  @Test
  void onAClusterTheHistoryHasNoLostUpdateNoUnsafeHoldAndProgress(@TempDir Path dir) throws Exception {
    // no replicas, and a node timeout longer than any pause: the faults slow and stop masters, no failover
    try (RedisClusterFixture cluster = RedisClusterFixture.builder()
        .masters(3).replicasPerMaster(0).nodeTimeout(Duration.ofSeconds(10)).start()) {
      List<RedisNode> masters = cluster.masters().stream().map(cluster::node).toList();
      check(new Target("redis-cluster", masters.stream().map(FaultedStore::of).toList(), null, false,
          proxy -> Map.of(RedisFixture.REDIS_URL, "redis://127.0.0.1:" + masters.get(0).port(),
              WorkerLocks.CLUSTER, "1"),
          keyspace -> assertOnlyDocumentedStateLeft(masters, keyspace)), dir);
    }
  }

  @Test
  void onPostgresTheHistoryHasNoLostUpdateNoUnsafeHoldAndProgress(@TempDir Path dir) throws Exception {
    try (TestPostgres postgres = TestPostgres.dedicated()) {
      check(new Target("postgres", List.of(faulted(postgres)), new HostAndPort("127.0.0.1", postgres.port()), true,
          proxy -> Map.of(WorkerLocks.JDBC_URL, "jdbc:postgresql://127.0.0.1:" + proxy.port() + "/postgres"),
          keyspace -> assertNoLockHeld(postgres, keyspace)), dir);
    }
  }

  @Test
  void onDynamoDbTheHistoryHasNoLostUpdateNoUnsafeHoldAndProgress(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(DynaliteServer.missingTools().isEmpty(), () -> "dynalite: " + DynaliteServer.missingTools());
    try (DynaliteServer dynalite = DynaliteServer.start();
        DynamoDbClient client = WorkerLocks.dynamoClient("http://127.0.0.1:" + dynalite.port())) {
      DynamoLockTable.createTable(client, WorkerLocks.DYNAMODB_TABLE);
      check(new Target("dynamodb", List.of(faulted(dynalite)), new HostAndPort("127.0.0.1", dynalite.port()), false,
          proxy -> Map.of(WorkerLocks.DYNAMODB_URL, "http://127.0.0.1:" + proxy.port()),
          keyspace -> assertNoLockHeld(client, keyspace)), dir);
    }
  }

  /**
   * Where the locks live: the store's nodes, which the nemesis faults; the address the workers'
   * proxies forward to ({@code null}: no proxies, the workers reach a cluster's masters directly);
   * whether the store may be restarted (not a cluster's master, which would fail over, nor dynalite,
   * which keeps no table); each worker's environment, naming its proxy; and the check of what
   * the store keeps once the last leases ran out.
   */
  private record Target(String name, List<FaultedStore> nodes, HostAndPort proxied, boolean restartable,
      Function<TcpProxy, Map<String, String>> workerEnvironment, LeftoverCheck leftovers) {
    boolean single() {
      return proxied != null;
    }
  }

  /** What the store may keep after the run. */
  private interface LeftoverCheck {
    void assertOnlyDocumentedState(Keyspace keyspace) throws Exception;
  }

  private static void check(Target target, Path dir) throws Exception {
    System.out.println("[faults] " + target.name() + ": -Dlockkey.faults.seed=" + SEED + " -Dlockkey.faults.seconds="
        + FAULT_TIME.toSeconds());
    List<Nemesis.Step> schedule = Nemesis.schedule(SEED, WORKERS, target.single(), target.nodes().size(),
        target.restartable(), target.nodes().get(0).sleeps(), FAULT_TIME);
    Keyspace keyspace = UniqueKeyspace.of("faults");
    try (RedisFixture registerServer = RedisFixture.startLocal();
        RedisClient registerClient = registerServer.newClient()) {
      List<Nemesis.Window> windows = new ArrayList<>();
      List<FaultHistory.Hold> holds = runWorkers(target, registerServer, keyspace, schedule, windows, dir);
      FencedRegister register = new FencedRegister(registerClient, keyspace);
      Map<Integer, List<FaultHistory.Write>> writes = new LinkedHashMap<>();
      for (int sku = 0; sku < KEYS; sku++) {
        writes.put(sku, register.history(StockAdjustmentKey.of("central", sku)).stream()
            .map(FaultHistory.Write::parse).toList());
      }
      FaultHistory history = new FaultHistory(holds, writes, windows, AFTERMATH);
      record(target, history, windows);

      assertThat(history.holds()).as("holds").isGreaterThan(100);
      assertThat(history.lostUpdates()).as("lost updates (seed %d)", SEED).isEmpty();
      assertThat(history.tokenOrder()).as("fencing tokens out of order (seed %d)", SEED).isEmpty();
      assertThat(history.overlaps()).as("overlapping valid holds untouched by faults (seed %d)", SEED).isEmpty();
      assertThat(history.stalls(PROGRESS)).as("stalls with only a worker faulted (seed %d)", SEED).isEmpty();
      target.leftovers().assertOnlyDocumentedState(keyspace);
    }
  }

  private static List<FaultHistory.Hold> runWorkers(Target target, RedisFixture registerServer,
      Keyspace keyspace, List<Nemesis.Step> schedule, List<Nemesis.Window> windows, Path dir) throws Exception {
    long runMillis = QUIET.plus(FAULT_TIME).plus(QUIET).toMillis();
    List<TcpProxy> proxies = new ArrayList<>();
    List<ChildJvm> workers = new ArrayList<>();
    try {
      for (int i = 0; i < WORKERS; i++) {
        TcpProxy proxy = null;
        if (target.single()) {
          proxy = TcpProxy.start(target.proxied());
          proxies.add(proxy);
        }
        workers.add(ChildJvm.start(FaultWorker.class, target.workerEnvironment().apply(proxy), keyspace.env(),
            Integer.toString(THREADS), Integer.toString(KEYS), Long.toString(runMillis),
            Integer.toString(registerServer.port()), dir.resolve("holds-" + i).toString()));
      }
      Thread.sleep(QUIET.toMillis());
      try {
        windows.addAll(new Nemesis(workers, proxies, target.nodes()).run(schedule));
      } catch (Exception | AssertionError e) {
        // a worker that died makes the nemesis fail (its kill finds no process): say why it died
        workers.forEach(worker -> e.addSuppressed(new AssertionError("worker " + worker.output())));
        throw e;
      }
      List<FaultHistory.Hold> holds = new ArrayList<>();
      for (int i = 0; i < WORKERS; i++) {
        ChildJvm worker = workers.get(i);
        ReportLine result = worker.awaitLine("RESULT", Duration.ofMillis(runMillis).plus(SLACK));
        assertThat(worker.awaitExit(SLACK)).as(worker.output()).isZero();
        assertThat(result.number("errors")).as("unexpected failures in worker %d: %s", i, worker.output()).isZero();
        int index = i;
        Files.readAllLines(dir.resolve("holds-" + i), StandardCharsets.UTF_8)
            .forEach(line -> holds.add(FaultHistory.Hold.parse(index, line)));
      }
      return holds;
    } finally {
      for (ChildJvm worker : workers) {
        worker.close();
      }
      proxies.forEach(TcpProxy::close);
    }
  }

  /** Once the last leases ran out: no lock, and only documented keys, each expiring. */
  private static void assertOnlyDocumentedStateLeft(List<RedisNode> nodes, Keyspace keyspace) throws Exception {
    for (RedisNode node : nodes) {
      try (RedisClient locks = node.newClient()) {
        assertOnlyDocumentedStateLeft(locks, keyspace);
      }
    }
  }

  private static void assertOnlyDocumentedStateLeft(RedisClient locks, Keyspace keyspace) throws InterruptedException {
    String prefix = ":" + keyspace.env() + ":";
    Await.until("no lock left in the store", Duration.ofSeconds(20),
        () -> RedisContents.keys(locks, "lock:" + keyspace.env() + ":*").isEmpty());
    for (String key : RedisContents.keys(locks, "*")) {
      if (key.contains(prefix)) {
        assertThat(key).as("a key left in the store").matches(DOCUMENTED);
        long ttl = locks.pttl(key);
        assertThat(ttl).as("the TTL of %s (-2: gone since)", key).isNotEqualTo(-1L);
      }
    }
  }

  /**
   * Once the last leases ran out: none held, and the lock table keeps at most a row per key (its
   * fencing token, which outlives the holds; docs/BACKENDS.md).
   */
  private static void assertNoLockHeld(TestPostgres postgres, Keyspace keyspace) throws Exception {
    String keys = "lock:" + keyspace.env() + ":%";
    try (Connection connection = postgres.pool(1).getConnection()) {
      Await.until("no lock held in the table", Duration.ofSeconds(20), () -> count(connection,
          "SELECT count(*) FROM lockkey_locks WHERE lock_key LIKE ? AND lease_until > clock_timestamp()", keys) == 0);
      assertThat(count(connection, "SELECT count(*) FROM lockkey_locks WHERE lock_key LIKE ?", keys))
          .as("rows of the lock table").isBetween(1L, (long) KEYS);
    }
  }

  private static long count(Connection connection, String sql, String keys) {
    try (PreparedStatement query = connection.prepareStatement(sql)) {
      query.setString(1, keys);
      try (ResultSet rows = query.executeQuery()) {
        rows.next();
        return rows.getLong(1);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Once the last leases ran out: no item's lease is in the future, and the table keeps at most an
   * item per key (its fencing token, which outlives the holds; docs/BACKENDS.md).
   */
  private static void assertNoLockHeld(DynamoDbClient client, Keyspace keyspace) throws Exception {
    String prefix = "lock:" + keyspace.env() + ":";
    Await.until("no lock held in the table", Duration.ofSeconds(20), () -> lockItems(client, prefix).stream()
        .noneMatch(item -> Long.parseLong(item.get(DynamoLockTable.LEASE_UNTIL).n()) > System.currentTimeMillis()));
    assertThat(lockItems(client, prefix)).as("items of the lock table").hasSizeBetween(1, KEYS);
  }

  private static List<Map<String, AttributeValue>> lockItems(DynamoDbClient client, String prefix) {
    return client.scanPaginator(scan -> scan.tableName(WorkerLocks.DYNAMODB_TABLE).consistentRead(true)).items()
        .stream()
        .filter(item -> item.get(DynamoLockTable.PARTITION_KEY).s().startsWith(prefix))
        .toList();
  }

  /** dynalite's server: SIGSTOP of its node process; no restart (it keeps its tables in memory only). */
  private static FaultedStore faulted(DynaliteServer dynalite) {
    return new FaultedStore() {
      @Override
      public void pause() {
        dynalite.pause();
      }

      @Override
      public void resume() {
        dynalite.resume();
      }

      @Override
      public void stop() {
        throw new UnsupportedOperationException("dynalite keeps no table across a restart");
      }

      @Override
      public void start() {
        throw new UnsupportedOperationException("dynalite keeps no table across a restart");
      }

      @Override
      public void sleep(Duration length) {
        throw new UnsupportedOperationException("dynalite has no DEBUG SLEEP");
      }

      @Override
      public boolean sleeps() {
        return false;
      }
    };
  }

  /** PostgreSQL's server: SIGSTOP of the postmaster and its backends; a fast shutdown, and a start on its data. */
  private static FaultedStore faulted(TestPostgres postgres) {
    return new FaultedStore() {
      @Override
      public void pause() {
        postgres.pause();
      }

      @Override
      public void resume() {
        postgres.resume();
      }

      @Override
      public void stop() {
        postgres.stop();
      }

      @Override
      public void start() {
        postgres.start();
      }

      @Override
      public void sleep(Duration length) {
        throw new UnsupportedOperationException("PostgreSQL has no DEBUG SLEEP");
      }

      @Override
      public boolean sleeps() {
        return false;
      }
    };
  }

  private static void record(Target target, FaultHistory history, List<Nemesis.Window> windows) {
    Map<Nemesis.Kind, Integer> byKind = new EnumMap<>(Nemesis.Kind.class);
    windows.forEach(window -> byKind.merge(window.kind(), 1, Integer::sum));
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("seed", SEED);
    figures.put("backend", target.name());
    figures.put("faultSeconds", FAULT_TIME.toSeconds());
    figures.put("faults", windows.size());
    byKind.forEach((kind, count) -> figures.put(kind.name(), count));
    figures.put("acquisitions", history.holds());
    figures.put("cleanHolds", history.cleanHolds().size());
    figures.put("accepted", history.writes(true));
    figures.put("refused", history.writes(false));
    figures.put("refusedOutsideFaults", history.refusedOutsideFaults());
    figures.put("lostUpdates", history.lostUpdates().size());
    figures.put("overlapsOutsideFaults", history.overlaps().size());
    Figures.record("faults", figures);
  }
}
