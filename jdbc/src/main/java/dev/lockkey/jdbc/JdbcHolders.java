package dev.lockkey.jdbc;

import dev.lockkey.internal.store.ReleaseWatch;
import dev.lockkey.internal.store.StoreAttempt;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * The operations on the holders table of permits and read/write locks. A take is one short
 * transaction of its own: lock the key's row in the lock table, delete the ended rows and read the
 * live ones ({@link KeyState}), then add the caller as a holder with the key's next fencing token,
 * or keep its place in the queue: four round trips, during which the other takes of the key wait
 * for the row lock. Every time is the database's {@code clock_timestamp()}. An end (release, or a
 * waiter leaving the queue), an extension and a downgrade are one statement each in autocommit.
 * Each may run twice for one owner with the same outcome (a retry after a lost reply). Thread-safe.
 */
final class JdbcHolders {
  private final Connections connections;
  private final ReleaseListener releases;
  private final int timeoutMillis;
  private final String lockKeySql;
  private final String liveSql;
  private final String addSql;
  private final String queueSql;
  private final String endSql;
  private final String extendSql;
  private final String downgradeSql;

  JdbcHolders(DataSource dataSource, JdbcDialect dialect, String table, Duration operationTimeout,
      ReleaseListener releases) {
    String holders = JdbcLockTable.holdersTable(table);
    this.connections = new Connections(dataSource, holders);
    this.releases = releases;
    this.timeoutMillis = Math.toIntExact(operationTimeout.toMillis());
    this.lockKeySql = dialect.lockSharedKey(table);
    this.liveSql = dialect.liveHolders(holders);
    this.addSql = dialect.addHolder(table, holders);
    this.queueSql = dialect.keepQueued(holders);
    this.endSql = dialect.endShare(holders);
    this.extendSql = dialect.extendShare(holders);
    this.downgradeSql = dialect.downgrade(holders);
  }

  /**
   * One attempt to take a share of {@code kind} for {@code owner}; not admitted, with {@code queue}
   * it keeps (or takes) its place in the key's queue for {@code entryLife}.
   *
   * @return granted with the share's fencing token, or held with when the first holder's lease ends
   */
  StoreAttempt take(String fullKey, String owner, SharedKind kind, int permits, Duration lease, boolean queue,
      Duration entryLife) {
    long leaseMillis = Connections.leaseMillis(lease);
    return connections.transaction(fullKey, timeoutMillis, connection -> {
      try (PreparedStatement lock = connection.prepareStatement(lockKeySql)) {
        lock.setString(1, Integer.toString(timeoutMillis));
        lock.setString(2, fullKey);
        lock.executeUpdate();
      }
      KeyState state = read(connection, fullKey);
      OptionalLong mine = state.heldBy(owner);
      if (mine.isPresent()) {
        return new StoreAttempt.Granted(mine.getAsLong()); // this take ran before; its reply was lost
      }
      if (state.admits(owner, kind, permits)) {
        return new StoreAttempt.Granted(add(connection, fullKey, owner, kind, leaseMillis));
      }
      if (queue) {
        try (PreparedStatement keep = connection.prepareStatement(queueSql)) {
          bindShare(keep, fullKey, owner, kind, entryLife.toMillis());
          keep.executeUpdate();
        }
      }
      return new StoreAttempt.Held(state.firstLeaseEndsNanos());
    });
  }

  /**
   * Ends {@code owner}'s share, or its place in the queue, within {@code within}, and wakes the
   * key's waiters.
   *
   * @return whether it held a share (or a place) that had not run out
   */
  boolean end(String fullKey, String owner, Duration within) {
    return connections.statement(fullKey, endSql, Connections.within(timeoutMillis, within), statement -> {
      statement.setString(1, fullKey);
      statement.setString(2, owner);
      return Connections.affected(statement) == 1;
    });
  }

  /** Sets {@code owner}'s share to end {@code lease} from now, within {@code within}; whether it was still held. */
  boolean extend(String fullKey, String owner, Duration lease, Duration within) {
    long leaseMillis = Connections.leaseMillis(lease);
    return connections.statement(fullKey, extendSql, Connections.within(timeoutMillis, within), statement -> {
      Connections.bind(statement, fullKey, owner, leaseMillis);
      return Connections.affected(statement) == 1;
    });
  }

  /**
   * Turns {@code writer}'s write lock into a read share of {@code reader} with the same fencing token.
   *
   * @return the fencing token, or empty when the write lock was not held
   */
  OptionalLong downgrade(String fullKey, String writer, String reader, Duration lease, Duration within) {
    long leaseMillis = Connections.leaseMillis(lease);
    return connections.statement(fullKey, downgradeSql, Connections.within(timeoutMillis, within), statement -> {
      statement.setString(1, fullKey);
      statement.setString(2, writer);
      statement.setString(3, reader);
      statement.setLong(4, leaseMillis);
      try (ResultSet row = statement.executeQuery()) {
        return row.next() ? OptionalLong.of(row.getLong(1)) : OptionalLong.empty();
      }
    });
  }

  /** A watch on {@code fullKey}'s releases for one waiting take. */
  ReleaseWatch watch(String fullKey) {
    return releases.watch(fullKey);
  }

  private KeyState read(Connection connection, String fullKey) throws SQLException {
    List<KeyState.Row> rows = new ArrayList<>();
    try (PreparedStatement live = connection.prepareStatement(liveSql)) {
      live.setString(1, fullKey);
      try (ResultSet row = live.executeQuery()) {
        while (row.next()) {
          long token = row.getLong(3);
          Long fencingToken = row.wasNull() ? null : token;
          rows.add(new KeyState.Row(row.getString(1), SharedKind.of(row.getString(2)), fencingToken, row.getLong(4)));
        }
      }
    }
    return new KeyState(rows);
  }

  private long add(Connection connection, String fullKey, String owner, SharedKind kind, long leaseMillis)
      throws SQLException {
    try (PreparedStatement add = connection.prepareStatement(addSql)) {
      bindShare(add, fullKey, owner, kind, leaseMillis);
      try (ResultSet row = add.executeQuery()) {
        row.next();
        return row.getLong(1);
      }
    }
  }

  private static void bindShare(PreparedStatement statement, String fullKey, String owner, SharedKind kind,
      long millis) throws SQLException {
    statement.setString(1, fullKey);
    statement.setString(2, owner);
    statement.setString(3, kind.code);
    statement.setLong(4, millis);
  }
}
