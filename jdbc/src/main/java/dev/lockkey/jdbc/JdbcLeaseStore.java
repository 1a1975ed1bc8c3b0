package dev.lockkey.jdbc;

import dev.lockkey.internal.store.LeaseStore;
import dev.lockkey.internal.store.ReleaseWatch;
import dev.lockkey.internal.store.StoreAttempt;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;

/**
 * The lock operations on one table, each one statement in one round trip, in autocommit on a
 * connection of its own ({@link Connections}). Thread-safe.
 */
final class JdbcLeaseStore implements LeaseStore {
  private final Connections connections;
  private final JdbcDialect dialect;
  private final String table;
  private final int timeoutMillis;
  private final ReleaseListener releases;
  private final String acquireSql;
  private final String extendSql;
  private final String releaseSql;
  private final String readSql;

  JdbcLeaseStore(DataSource dataSource, JdbcDialect dialect, String table, Duration operationTimeout,
      ReleaseListener releases) {
    this.connections = new Connections(dataSource, table);
    this.dialect = dialect;
    this.table = table;
    this.timeoutMillis = Math.toIntExact(operationTimeout.toMillis());
    this.releases = releases;
    this.acquireSql = dialect.acquire(table);
    this.extendSql = dialect.extend(table);
    this.releaseSql = dialect.release(table);
    this.readSql = dialect.read(table);
  }

  @Override
  public StoreAttempt tryAcquire(String fullKey, String ownerToken, Duration leaseTime) {
    long leaseMillis = Connections.leaseMillis(leaseTime);
    return connections.statement(fullKey, acquireSql, timeoutMillis, statement -> {
      Connections.bind(statement, fullKey, ownerToken, leaseMillis);
      try (ResultSet row = statement.executeQuery()) {
        row.next();
        long token = row.getLong(1);
        if (!row.wasNull()) {
          return new StoreAttempt.Granted(token);
        }
        long leftMillis = row.getLong(2);
        return row.wasNull() ? StoreAttempt.Held.UNKNOWN
            : new StoreAttempt.Held(TimeUnit.MILLISECONDS.toNanos(Math.max(0, leftMillis)));
      }
    });
  }

  @Override
  public boolean extend(String fullKey, String ownerToken, Duration leaseTime, Duration within) {
    long leaseMillis = Connections.leaseMillis(leaseTime);
    return connections.statement(fullKey, extendSql, Connections.within(timeoutMillis, within), statement -> {
      Connections.bind(statement, fullKey, ownerToken, leaseMillis);
      return Connections.affected(statement) == 1;
    });
  }

  @Override
  public boolean release(String fullKey, String ownerToken, Duration within) {
    return connections.statement(fullKey, releaseSql, Connections.within(timeoutMillis, within), statement -> {
      statement.setString(1, fullKey);
      statement.setString(2, ownerToken);
      return Connections.affected(statement) == 1;
    });
  }

  @Override
  public Clock clock() {
    return Clock.systemUTC(); // display only: every lease deadline is the database's clock
  }

  @Override
  public ReleaseWatch watch(String fullKey) {
    return releases.watch(fullKey);
  }

  /** The lock's row as the database sees it now, for diagnostics and tests; empty when never taken. */
  Optional<LockRow> read(String fullKey) {
    return connections.statement(fullKey, readSql, timeoutMillis, statement -> {
      statement.setString(1, fullKey);
      try (ResultSet row = statement.executeQuery()) {
        return row.next() ? Optional.of(new LockRow(fullKey, row.getBoolean(1), row.getLong(2))) : Optional.empty();
      }
    });
  }

  @Override
  public String toString() {
    return "JdbcLeaseStore[" + dialect + ", " + table + "]";
  }
}
