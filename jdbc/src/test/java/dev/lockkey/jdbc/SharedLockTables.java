package dev.lockkey.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.Keyspace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;

/** What the shared locks' tests read of the holders table, by the database's clock; a key space per test. */
final class SharedLockTables {
  private static final AtomicInteger KEYSPACES = new AtomicInteger();
  private static final String HOLDERS = JdbcLockTable.holdersTable(JdbcLockTable.DEFAULT_NAME);

  private SharedLockTables() {}

  static Keyspace keyspace(String prefix) {
    return Keyspace.of(prefix + KEYSPACES.incrementAndGet() + "-" + Long.toHexString(System.nanoTime()));
  }

  /** The key's rows that hold a share or a place in the queue now. */
  static int liveRows(DataSource pool, String fullKey) {
    return count(pool, fullKey, "lease_until >= clock_timestamp()");
  }

  /** Waits until {@code waiters} places in the key's queue are live. */
  static void awaitQueued(DataSource pool, String fullKey, int waiters) throws InterruptedException {
    String queued = "fencing_token IS NULL AND lease_until >= clock_timestamp()";
    for (int i = 0; i < 1_000 && count(pool, fullKey, queued) < waiters; i++) {
      Thread.sleep(10);
    }
    assertThat(count(pool, fullKey, queued)).as("waiters queued").isEqualTo(waiters);
  }

  private static int count(DataSource pool, String fullKey, String condition) {
    try (Connection connection = pool.getConnection();
        PreparedStatement count = connection.prepareStatement(
            "SELECT COUNT(*) FROM " + HOLDERS + " WHERE lock_key = ? AND " + condition)) {
      count.setString(1, fullKey);
      try (ResultSet row = count.executeQuery()) {
        row.next();
        return row.getInt(1);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
