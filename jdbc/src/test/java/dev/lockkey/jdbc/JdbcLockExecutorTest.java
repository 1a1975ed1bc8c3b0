package dev.lockkey.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.internal.store.ReleaseWatch;
import dev.lockkey.lock.ContractKey;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.testing.FencedStore;
import dev.lockkey.testing.OverlapCounter;
import dev.lockkey.testing.TcpProxy;
import java.sql.Connection;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.HostAndPort;

/** What the JDBC executor adds to the contract: fencing, the database's clock, wake-ups, a cut connection. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JdbcLockExecutorTest {
  private static final LockOptions PATIENT = LockOptions.builder().waitTime(Duration.ofSeconds(30)).build();
  private static final AtomicInteger KEYSPACES = new AtomicInteger();

  private static final TestPostgres postgres = TestPostgres.shared();
  private static final DataSource pool = TestPostgres.sharedPool();

  @Test
  void threeExecutorsWritingAFencedLedgerNeverOverlapNorWriteStale() throws Exception {
    Keyspace keyspace = keyspace();
    List<JdbcLockExecutor> three = List.of(executor(keyspace), executor(keyspace), executor(keyspace));
    ContractKey key = ContractKey.of("ledger", "t42");
    OverlapCounter overlap = new OverlapCounter();
    FencedStore<Integer> ledger = new FencedStore<>();
    int threadsPerExecutor = 2;
    int cycles = 10;
    ExecutorService threads = Executors.newFixedThreadPool(three.size() * threadsPerExecutor);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < three.size() * threadsPerExecutor; t++) {
        JdbcLockExecutor locks = three.get(t % three.size());
        int writer = t;
        done.add(threads.submit(() -> {
          start.await();
          for (int i = 0; i < cycles; i++) {
            try (Lease lease = locks.acquire(key, PATIENT)) {
              // unfenced, so that a write out of token order would be recorded rather than refused
              overlap.call(() -> {
                ledger.writeUnfenced(lease.fencingToken(), writer);
                return null;
              });
            }
          }
          return null;
        }));
      }
      start.countDown();
      for (Future<?> future : done) {
        future.get(50, TimeUnit.SECONDS);
      }
    } finally {
      threads.shutdownNow();
      three.forEach(JdbcLockExecutor::close);
    }

    overlap.assertNoOverlap();
    ledger.assertNoStaleWrite();
    assertThat(ledger.writes()).isEqualTo(three.size() * threadsPerExecutor * cycles);
    assertThat(ledger.highestToken()).as("one token per holder").isEqualTo(ledger.writes());
  }

  /**
   * Leases are timed by the database alone: no statement has a time parameter (the server
   * describes each statement's parameters), so a client whose clock is 30 s off, or hours, sends
   * the same statements as any other. A lease's length is a number of milliseconds. The shared
   * locks' statements too; the one that locks a key's row reads no time.
   */
  @Test
  void noLockStatementCarriesAClientTime() throws SQLException {
    PostgresDialect dialect = new PostgresDialect();
    String table = JdbcLockTable.DEFAULT_NAME;
    String holders = JdbcLockTable.holdersTable(table);
    List<String> statements = List.of(dialect.acquire(table), dialect.extend(table), dialect.release(table),
        dialect.read(table), dialect.liveHolders(holders), dialect.addHolder(table, holders),
        dialect.keepQueued(holders), dialect.endShare(holders), dialect.extendShare(holders),
        dialect.downgrade(holders));
    Set<Integer> times = Set.of(Types.DATE, Types.TIME, Types.TIMESTAMP, Types.TIME_WITH_TIMEZONE,
        Types.TIMESTAMP_WITH_TIMEZONE);
    try (Connection connection = pool.getConnection()) {
      for (String sql : concat(statements, dialect.lockSharedKey(table))) {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
          ParameterMetaData parameters = statement.getParameterMetaData();
          for (int i = 1; i <= parameters.getParameterCount(); i++) {
            assertThat(parameters.getParameterType(i)).as("parameter %d of %s", i, sql)
                .isIn(Types.VARCHAR, Types.BIGINT, Types.CHAR)
                .isNotIn(times);
          }
        }
      }
    }
    for (String sql : statements) {
      assertThat(sql).contains("clock_timestamp()").doesNotContainIgnoringCase("now()");
    }
  }

  private static List<String> concat(List<String> statements, String more) {
    List<String> all = new ArrayList<>(statements);
    all.add(more);
    return all;
  }

  @Test
  void aTakeTellsTheWaiterHowLongTheHolderHasLeftByTheDatabasesClock() {
    try (JdbcLockExecutor locks = executor(keyspace())) {
      Lease held = locks.acquire(ContractKey.of("order", "left"),
          LockOptions.builder().leaseTime(Duration.ofSeconds(20)).build());
      JdbcLeaseStore store = new JdbcLeaseStore(pool, new PostgresDialect(), JdbcLockTable.DEFAULT_NAME,
          Duration.ofSeconds(5), new ReleaseListener(pool, new PostgresDialect(), "unused"));

      var attempt = store.tryAcquire(held.fullKey(), "another owner", Duration.ofSeconds(1));

      assertThat(attempt).isInstanceOfSatisfying(dev.lockkey.internal.store.StoreAttempt.Held.class, h ->
          assertThat(h.holderLeftNanos()).isBetween(Duration.ofSeconds(10).toNanos(), Duration.ofSeconds(20).toNanos()));
      assertThat(locks.read(held.fullKey())).hasValueSatisfying(row -> assertThat(row.held()).isTrue());
      assertThat(held.release()).isTrue();
      assertThat(locks.read(held.fullKey())).as("the row stays, with its token")
          .hasValueSatisfying(row -> {
            assertThat(row.held()).isFalse();
            assertThat(row.fencingToken()).isEqualTo(held.fencingToken());
          });
    }
  }

  /**
   * A waiter's pause ends at the release's notification, long before its polling would try again:
   * after the release was sent (no other wake-up ended it) and well within the pause.
   */
  @Test
  void aReleaseEndsTheWaitersPauseAtOnce() throws Exception {
    Keyspace keyspace = keyspace();
    int listeningBefore = listeningSessions();
    try (JdbcLockExecutor holder = executor(keyspace);
        ReleaseListener listener = new ReleaseListener(pool, new PostgresDialect(), "test-listener")) {
      Lease held = holder.acquire(ContractKey.of("order", "notified"));
      ReleaseWatch watch = listener.watch(held.fullKey());
      awaitListeningSessionsAbove(listeningBefore);
      Thread.sleep(200);
      watch.pause(1); // takes the wake-up that follows LISTEN
      ExecutorService thread = Executors.newSingleThreadExecutor();
      try {
        Future<Long> pauseEnd = thread.submit(() -> {
          watch.pause(TimeUnit.SECONDS.toNanos(20));
          return System.nanoTime();
        });
        Thread.sleep(300);
        long releasedAt = System.nanoTime();
        assertThat(held.release()).isTrue();

        long end = pauseEnd.get(30, TimeUnit.SECONDS);
        assertThat(end - releasedAt).as("ns from the release to the pause's end")
            .isNotNegative()
            .isLessThan(TimeUnit.SECONDS.toNanos(10));
      } finally {
        thread.shutdownNow();
        watch.close();
      }
    }
  }

  /** The proxy resets every connection of the waiter's executor, the listener's too: it still gets the lock. */
  @Test
  void aWaiterWhoseConnectionsWereCutGetsTheLockOnceReleased() throws Exception {
    Keyspace keyspace = keyspace();
    ContractKey key = ContractKey.of("order", "cut");
    try (TcpProxy proxy = TcpProxy.start(new HostAndPort("127.0.0.1", postgres.port()));
        JdbcLockExecutor holder = executor(keyspace);
        JdbcLockExecutor waiter = JdbcLockExecutor.builder(postgres.pool(proxy.port(), 4), keyspace)
            .operationTimeout(Duration.ofSeconds(2)).build()) {
      Lease held = holder.acquire(key);
      ExecutorService thread = Executors.newSingleThreadExecutor();
      try {
        Future<Long> taken = thread.submit(() -> {
          try (Lease lease = waiter.acquire(key, PATIENT)) {
            return lease.fencingToken();
          }
        });
        Thread.sleep(500);
        proxy.resetConnections();
        Thread.sleep(200);
        assertThat(held.release()).isTrue();

        assertThat(taken.get(40, TimeUnit.SECONDS)).isGreaterThan(held.fencingToken());
      } finally {
        thread.shutdownNow();
      }
    }
  }

  @Test
  void fencingTokensKeepRisingForANewExecutorOnANewPool() {
    Keyspace keyspace = keyspace();
    ContractKey key = ContractKey.of("order", "restarted");
    long before;
    try (JdbcLockExecutor first = executor(keyspace)) {
      before = first.withLock(key, Lease::fencingToken);
    }
    try (JdbcLockExecutor afterRestart = JdbcLockExecutor.create(postgres.pool(2), keyspace)) {
      assertThat(afterRestart.withLock(key, Lease::fencingToken)).isGreaterThan(before);
    }
  }

  @Test
  void aMissingTableIsAPreciseErrorAndABadTableNameIsRefused() {
    try (JdbcLockExecutor locks = JdbcLockExecutor.builder(pool, keyspace()).table("no_such_locks").build()) {
      assertThatThrownBy(() -> locks.tryAcquire(ContractKey.of("order", "nowhere")))
          .isInstanceOf(JdbcLockException.class)
          .hasMessageContaining("no_such_locks")
          .hasMessageContaining("JdbcLockTable.create");
    }
    assertThatThrownBy(() -> JdbcLockExecutor.builder(pool, keyspace()).table("locks; DROP TABLE x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("plain SQL identifier");
  }

  @Test
  void theShippedDdlCreatesATableInAnotherSchemaToo() throws SQLException {
    try (Connection connection = pool.getConnection()) {
      connection.createStatement().execute("CREATE SCHEMA IF NOT EXISTS app");
    }
    JdbcLockTable.create(pool, "app.locks");
    try (JdbcLockExecutor locks = JdbcLockExecutor.builder(pool, keyspace()).table("app.locks").build()) {
      assertThat(locks.tryAcquire(ContractKey.of("order", "schema"))).hasValueSatisfying(Lease::release);
    }
    assertThat(JdbcLockTable.postgresqlDdl()).contains("CREATE TABLE IF NOT EXISTS lockkey_locks");
  }

  private static void awaitListeningSessionsAbove(int before) throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (listeningSessions() <= before) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("no new connection listens on " + PostgresDialect.CHANNEL);
      }
      Thread.sleep(20);
    }
  }

  /** Sessions whose last statement was the listener's LISTEN. */
  private static int listeningSessions() throws SQLException {
    try (Connection connection = pool.getConnection();
        PreparedStatement listening = connection.prepareStatement(
            "SELECT count(*) FROM pg_stat_activity WHERE query = 'LISTEN " + PostgresDialect.CHANNEL + "'");
        ResultSet count = listening.executeQuery()) {
      count.next();
      return count.getInt(1);
    }
  }

  private static JdbcLockExecutor executor(Keyspace keyspace) {
    return JdbcLockExecutor.create(pool, keyspace);
  }

  private static Keyspace keyspace() {
    return Keyspace.of("j" + KEYSPACES.incrementAndGet() + "-" + Long.toHexString(System.nanoTime()));
  }
}
