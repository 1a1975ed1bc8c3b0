package dev.lockkey.jdbc;

import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * The lock table of the JDBC backend: create it once (here, or by a migration with the DDL of
 * {@link #postgresqlDdl()}, which docs/guides/postgresql.md shows too), then point executors at it.
 *
 * <pre>{@code
 * CREATE TABLE IF NOT EXISTS lockkey_locks (
 *   lock_key      TEXT        NOT NULL PRIMARY KEY,
 *   owner_token   TEXT        NOT NULL,
 *   lease_until   TIMESTAMPTZ,
 *   fencing_token BIGINT      NOT NULL
 * );
 * }</pre>
 *
 * One row per full key ({@code lock:prod:{payment:capture:v1:t42:98765}}): the last holder's
 * owner token, its lease end ({@code NULL} once released) and the last fencing token issued. The row
 * stays after a release so that the fencing token keeps rising across holders, expiries,
 * releases and restarts of the application: a counter in the row needs no second object and no
 * clock, and it lives exactly as long as the key's history. The table so grows by one row (about
 * 100 bytes) per key ever locked; deleting the row of a free lock resets its fencing token, so do
 * that only for keys whose guarded resource is gone too.
 *
 * <p>Beside it, {@code <table>_holders} ({@code lockkey_locks_holders}) holds the holders of
 * {@link JdbcPermits} and {@link JdbcReadWriteLocks} and their waiters' places in a key's queue, one
 * row each, deleted once ended; those keys' rows in the lock table keep their fencing tokens.
 * {@link #create} and the shipped DDL make both tables.
 */
public final class JdbcLockTable {
  /** The table's name unless an executor is given another. */
  public static final String DEFAULT_NAME = "lockkey_locks";
  /** A plain or schema-qualified SQL identifier, never quoted: it is written into statements. */
  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}(\\.[A-Za-z_][A-Za-z0-9_]{0,62})?");

  private JdbcLockTable() {}

  /**
   * Creates the lock table {@value #DEFAULT_NAME} and its holders table on PostgreSQL if they do not exist.
   *
   * @param dataSource where; one connection is used for one statement
   * @throws JdbcLockException when the database failed, e.g. no right to create a table
   */
  public static void create(DataSource dataSource) {
    create(dataSource, DEFAULT_NAME);
  }

  /**
   * Creates the lock table {@code table} and its holders table {@code <table>_holders} on PostgreSQL
   * if they do not exist.
   *
   * @param dataSource where; one connection is used for one statement
   * @param table the table's name, e.g. {@code locks} or {@code app.locks}
   * @throws IllegalArgumentException when {@code table} is not a plain SQL identifier
   * @throws JdbcLockException when the database failed, e.g. no right to create a table
   */
  public static void create(DataSource dataSource, String table) {
    Ddl.run(dataSource, table, new PostgresDialect().createTable(checkName(table)));
  }

  /**
   * The DDL of the lock table and its holders table on PostgreSQL, as shipped in the jar as
   * {@code dev/lockkey/jdbc/postgresql-schema.sql}: plain SQL, for a Flyway or Liquibase migration.
   *
   * @return the DDL for the table {@value #DEFAULT_NAME} and {@code lockkey_locks_holders}
   */
  public static String postgresqlDdl() {
    return PostgresDialect.schema();
  }

  /**
   * The table of the holders of permits and read/write locks beside the lock table {@code table}:
   * its name with {@code _holders} appended.
   */
  static String holdersTable(String table) {
    return table + "_holders";
  }

  /** Checks that {@code table} may be written into a statement. */
  static String checkName(String table) {
    if (table == null || !NAME.matcher(table).matches()) {
      throw new IllegalArgumentException("the lock table's name must be a plain SQL identifier of letters, digits"
          + " and underscores, optionally schema-qualified (schema.table), was " + table);
    }
    return table;
  }
}
