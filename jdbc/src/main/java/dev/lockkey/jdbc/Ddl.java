package dev.lockkey.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/** Runs a table's DDL on a connection of its own, in autocommit. */
final class Ddl {
  private Ddl() {}

  static void run(DataSource dataSource, String table, String ddl) {
    try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
      if (!connection.getAutoCommit()) {
        connection.setAutoCommit(true);
      }
      statement.execute(ddl);
    } catch (SQLException e) {
      throw JdbcFailures.translate(table, table, e);
    }
  }
}
