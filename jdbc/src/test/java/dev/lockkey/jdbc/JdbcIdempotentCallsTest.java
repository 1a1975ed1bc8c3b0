package dev.lockkey.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.Keyspace;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.lock.ContractKey;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Idempotent calls whose record commits or rolls back with the work's own rows, on PostgreSQL. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JdbcIdempotentCallsTest {
  private static final AtomicInteger KEYS = new AtomicInteger();
  private static DataSource pool;
  private static JdbcIdempotentCalls calls;

  @BeforeAll
  static void createTables() throws SQLException {
    pool = TestPostgres.sharedPool();
    calls = JdbcIdempotentCalls.create(Keyspace.of("idem-test"));
    calls.createTable(pool);
    try (Connection connection = pool.getConnection(); Statement ddl = connection.createStatement()) {
      ddl.execute("CREATE TABLE IF NOT EXISTS captures (call_id TEXT NOT NULL, receipt TEXT NOT NULL)");
    }
  }

  @Test
  void sixteenConcurrentDuplicatesCommitTheWorkOnceAndAllGetItsResult() throws Exception {
    ContractKey key = key();
    int duplicates = 16;
    AtomicInteger runs = new AtomicInteger();
    ExecutorService threads = Executors.newFixedThreadPool(duplicates);
    List<String> receipts = new ArrayList<>();
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<String>> done = new ArrayList<>();
      for (int i = 0; i < duplicates; i++) {
        String receipt = "receipt-" + i;
        done.add(threads.submit(() -> {
          start.await();
          return inTransaction(tx -> calls.run(tx, key, "fingerprint-a", ResultCodec.utf8(), connection -> {
            runs.incrementAndGet();
            capture(connection, key, receipt);
            Thread.sleep(50); // the others' inserts wait for this transaction meanwhile
            return receipt;
          }));
        }));
      }
      start.countDown();
      for (Future<String> future : done) {
        receipts.add(future.get(50, TimeUnit.SECONDS));
      }
    } finally {
      threads.shutdownNow();
    }

    assertThat(runs).as("runs of the work").hasValue(1);
    assertThat(captures(key)).as("captures committed").hasSize(1);
    assertThat(receipts).as("every duplicate gets the first call's result").containsOnly(captures(key).get(0));
  }

  @Test
  void aRollbackLeavesNoRecordAndTheRetryRunsTheWork() throws Exception {
    ContractKey key = key();
    IOException declined = new IOException("card declined");

    assertThatThrownBy(() -> inTransaction(tx -> calls.run(tx, key, "fingerprint-a", ResultCodec.utf8(), connection -> {
      capture(connection, key, "first");
      throw declined;
    }))).isSameAs(declined);
    assertThat(captures(key)).as("the work's rows rolled back").isEmpty();
    assertThat(records(key)).as("and its record with them").isZero();

    String retried = inTransaction(tx -> calls.run(tx, key, "fingerprint-a", ResultCodec.utf8(), connection -> {
      capture(connection, key, "second");
      return "second";
    }));

    assertThat(retried).isEqualTo("second");
    assertThat(captures(key)).containsExactly("second");
    assertThat(records(key)).isOne();
  }

  /** The server ends the caller's session mid-work (as a crash or a cut would): nothing of the call stays. */
  @Test
  void aConnectionKilledMidWorkLeavesNeitherTheWorkNorTheRecord() throws Exception {
    ContractKey key = key();

    assertThatThrownBy(() -> inTransaction(tx -> calls.run(tx, key, "fingerprint-a", ResultCodec.utf8(), connection -> {
      capture(connection, key, "first");
      terminate(connection);
      return "first";
    }))).isInstanceOf(JdbcUnavailableException.class);
    assertThat(captures(key)).isEmpty();
    assertThat(records(key)).isZero();

    String retried = inTransaction(tx -> calls.run(tx, key, "fingerprint-a", ResultCodec.utf8(), connection -> {
      capture(connection, key, "second");
      return "second";
    }));
    assertThat(retried).isEqualTo("second");
    assertThat(captures(key)).containsExactly("second");
  }

  @Test
  void anotherPayloadUnderTheSameKeyIsRefusedAndRunsNothing() throws Exception {
    ContractKey key = key();
    inTransaction(tx -> calls.run(tx, key, "fingerprint-a", ResultCodec.utf8(), connection -> "done"));
    AtomicInteger runs = new AtomicInteger();

    assertThatThrownBy(() -> inTransaction(tx -> calls.run(tx, key, "fingerprint-b", ResultCodec.utf8(),
        connection -> "again " + runs.incrementAndGet())))
        .isInstanceOf(FingerprintConflictException.class)
        .hasMessageContaining("idem:idem-test:{")
        .hasMessageNotContaining("fingerprint-");
    assertThat(runs).hasValue(0);
  }

  @Test
  void aConnectionInAutoCommitIsRefused() throws SQLException {
    try (Connection connection = pool.getConnection()) {
      connection.setAutoCommit(true);
      assertThatThrownBy(() -> calls.run(connection, key(), "fingerprint-a", ResultCodec.utf8(), tx -> "never"))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("setAutoCommit(false)");
    }
  }

  /** A caller's transaction: commits what {@code body} did, or rolls it back when it throws. */
  private static <T> T inTransaction(TransactionalWork<T, Exception> body) throws Exception {
    try (Connection connection = pool.getConnection()) {
      connection.setAutoCommit(false);
      try {
        T result = body.run(connection);
        connection.commit();
        return result;
      } catch (Exception | Error e) {
        try {
          connection.rollback();
        } catch (SQLException rollbackFailed) {
          e.addSuppressed(rollbackFailed); // a killed connection rolled back on the server already
        }
        throw e;
      }
    }
  }

  /** Ends the session of {@code connection} from another one, as pg_terminate_backend does for an administrator. */
  private static void terminate(Connection connection) throws SQLException {
    int pid;
    try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery("SELECT pg_backend_pid()")) {
      row.next();
      pid = row.getInt(1);
    }
    try (Connection other = pool.getConnection();
        PreparedStatement kill = other.prepareStatement("SELECT pg_terminate_backend(?)")) {
      kill.setInt(1, pid);
      kill.execute();
    }
  }

  private static void capture(Connection connection, ContractKey key, String receipt) throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO captures VALUES (?, ?)")) {
      insert.setString(1, key.canonical());
      insert.setString(2, receipt);
      insert.executeUpdate();
    }
  }

  private static List<String> captures(ContractKey key) throws SQLException {
    try (Connection connection = pool.getConnection();
        PreparedStatement select = connection.prepareStatement("SELECT receipt FROM captures WHERE call_id = ?")) {
      select.setString(1, key.canonical());
      List<String> receipts = new ArrayList<>();
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          receipts.add(rows.getString(1));
        }
      }
      return receipts;
    }
  }

  private static int records(ContractKey key) throws SQLException {
    try (Connection connection = pool.getConnection();
        PreparedStatement select = connection.prepareStatement(
            "SELECT count(*) FROM " + JdbcIdempotentCalls.DEFAULT_TABLE + " WHERE call_key = ?")) {
      select.setString(1, Keyspace.of("idem-test").fullKey("idem", key));
      try (ResultSet count = select.executeQuery()) {
        count.next();
        return count.getInt(1);
      }
    }
  }

  private static ContractKey key() {
    return ContractKey.of("capture", "k" + KEYS.incrementAndGet() + "-" + Long.toHexString(System.nanoTime()));
  }
}
