package dev.lockkey.examples;

import dev.lockkey.LockKey;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.Statement;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The order service's database, an embedded H2: the guarantee that survives a Redis failure is its
 * unique constraint on the order key's canonical text. Placing an order twice inserts one row; the
 * second attempt reads the first one's confirmation.
 */
final class OrderDatabase implements AutoCloseable {
  private final String url = "jdbc:h2:mem:orders-" + UUID.randomUUID();
  /** Keeps the in-memory database alive while the section runs. */
  private final Connection keepAlive;
  private final AtomicInteger inserts = new AtomicInteger();

  private OrderDatabase() throws SQLException {
    keepAlive = DriverManager.getConnection(url);
    try (Statement create = keepAlive.createStatement()) {
      create.execute("create table orders (order_key varchar(512) not null, confirmation varchar(128) not null,"
          + " fencing_token bigint not null, constraint one_order_per_key unique (order_key))");
    }
  }

  /** A new, empty database. */
  static OrderDatabase open() {
    try {
      return new OrderDatabase();
    } catch (SQLException e) {
      throw new IllegalStateException("cannot start the embedded database", e);
    }
  }

  /**
   * Places the order of {@code key} and returns its confirmation; when the unique constraint shows
   * it was placed already, returns that order's confirmation instead.
   */
  String place(LockKey key, long fencingToken) {
    String confirmation = "confirmation " + key.canonical().substring(key.canonical().lastIndexOf(':') + 1)
        + "/fence-" + fencingToken;
    try (Connection connection = DriverManager.getConnection(url);
        PreparedStatement insert = connection.prepareStatement(
            "insert into orders (order_key, confirmation, fencing_token) values (?, ?, ?)")) {
      insert.setString(1, key.canonical());
      insert.setString(2, confirmation);
      insert.setLong(3, fencingToken);
      insert.executeUpdate();
      inserts.incrementAndGet();
      return confirmation;
    } catch (SQLIntegrityConstraintViolationException duplicate) {
      return confirmationOf(key);
    } catch (SQLException e) {
      throw new IllegalStateException("the order database failed", e);
    }
  }

  /** How many orders were inserted. */
  int inserts() {
    return inserts.get();
  }

  /** How many rows the orders table holds. */
  int rows() {
    try (Statement count = keepAlive.createStatement(); ResultSet rows = count.executeQuery("select count(*) from orders")) {
      rows.next();
      return rows.getInt(1);
    } catch (SQLException e) {
      throw new IllegalStateException("the order database failed", e);
    }
  }

  private String confirmationOf(LockKey key) {
    try (Connection connection = DriverManager.getConnection(url);
        PreparedStatement select = connection.prepareStatement("select confirmation from orders where order_key = ?")) {
      select.setString(1, key.canonical());
      try (ResultSet row = select.executeQuery()) {
        row.next();
        return row.getString(1);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("the order database failed", e);
    }
  }

  @Override
  public void close() {
    try {
      keepAlive.close();
    } catch (SQLException e) {
      throw new IllegalStateException("cannot close the embedded database", e);
    }
  }
}
