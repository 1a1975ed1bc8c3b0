package dev.lockkey.benchmarks.jdbc;

import dev.lockkey.benchmarks.lock.HeldLock;
import dev.lockkey.benchmarks.lock.LockContender;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * The floor of a correct database lock: one {@code INSERT ... ON CONFLICT DO NOTHING} of the key
 * and a random owner with the database's lease end to acquire, one owner-checked {@code DELETE} to
 * release, each in autocommit on a connection from the pool: two round trips per cycle, no fencing
 * token, no expiry takeover, no waiting. Anything LockKey adds is measured against this.
 */
public final class JdbcFloor implements LockContender {
  static final String DDL = "CREATE TABLE IF NOT EXISTS bench_floor (lock_key VARCHAR(255) PRIMARY KEY,"
      + " owner UUID NOT NULL, lease_end TIMESTAMPTZ NOT NULL)";
  private static final String INSERT = "INSERT INTO bench_floor (lock_key, owner, lease_end)"
      + " VALUES (?, ?, clock_timestamp() + ?::interval) ON CONFLICT (lock_key) DO NOTHING";
  private static final String DELETE = "DELETE FROM bench_floor WHERE lock_key = ? AND owner = ?";

  private final DataSource pool;
  private final String lease = LEASE.toMillis() + " milliseconds";

  /** Takes connections from {@code pool}, closed with this floor. */
  public JdbcFloor(DataSource pool) {
    this.pool = pool;
  }

  @Override
  public HeldLock tryAcquire(String key) {
    UUID owner = UUID.randomUUID();
    try (Connection connection = pool.getConnection(); PreparedStatement insert = connection.prepareStatement(INSERT)) {
      insert.setString(1, key);
      insert.setObject(2, owner);
      insert.setString(3, lease);
      if (insert.executeUpdate() == 0) {
        return null;
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
    return () -> release(key, owner);
  }

  private void release(String key, UUID owner) {
    try (Connection connection = pool.getConnection(); PreparedStatement delete = connection.prepareStatement(DELETE)) {
      delete.setString(1, key);
      delete.setObject(2, owner);
      delete.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    BenchmarkPostgres.closePool(pool);
  }
}
