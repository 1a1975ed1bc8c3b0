package dev.lockkey.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * PostgreSQL (9.5 or later, for {@code INSERT ... ON CONFLICT}): the take is one upsert whose
 * update runs only when the row is free or its lease ran out by {@code clock_timestamp()} (or it
 * is the same owner's: a take retried after a lost reply finds its own first write), and the
 * release (also a retried one) notifies the channel {@value #CHANNEL} with the full key in the same statement
 * ({@code pg_notify}, delivered when the statement commits). Waiters hear it through the driver's
 * {@code org.postgresql.PGConnection#getNotifications(int)}, called reflectively: the module has
 * no compile-time dependency on a driver, and the application's pgjdbc is the one used.
 */
final class PostgresDialect implements JdbcDialect {
  /** The notification channel of releases; its payload is the full key. */
  static final String CHANNEL = "lockkey_released";
  private static final String SCHEMA = "postgresql-schema.sql";
  private static final String IDEMPOTENCY_SCHEMA = "postgresql-idempotency-schema.sql";
  /** PostgreSQL's lock_not_available: a statement gave up waiting for a lock at lock_timeout. */
  private static final String LOCK_NOT_AVAILABLE = "55P03";

  private final Method getNotifications;
  private final Method getParameter;

  PostgresDialect() {
    try {
      ClassLoader loader = PostgresDialect.class.getClassLoader();
      Class<?> connection = Class.forName("org.postgresql.PGConnection", false, loader);
      this.getNotifications = connection.getMethod("getNotifications", int.class);
      this.getParameter = Class.forName("org.postgresql.PGNotification", false, loader).getMethod("getParameter");
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("the PostgreSQL dialect needs the PostgreSQL JDBC driver (org.postgresql:"
          + "postgresql 42.2 or later) on the class path", e);
    }
  }

  /** {@return the DDL of the lock table as shipped, for the default table name} */
  static String schema() {
    return resource(SCHEMA);
  }

  private static String resource(String name) {
    try (InputStream in = PostgresDialect.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("the resource " + name + " is missing from lockkey-jdbc");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String createTable(String table) {
    return schema().replace(JdbcLockTable.DEFAULT_NAME, table);
  }

  @Override
  public String createIdempotencyTable(String table) {
    return resource(IDEMPOTENCY_SCHEMA).replace(JdbcIdempotentCalls.DEFAULT_TABLE, table);
  }

  @Override
  public String claimRecord(String table) {
    return "INSERT INTO " + table + " (call_key, fingerprint) VALUES (?, ?) ON CONFLICT (call_key) DO NOTHING";
  }

  @Override
  public String claimRecordFenced(String table) {
    // txid_current(): the id of the claiming transaction, 64 bits, never reused
    return claimRecord(table) + " RETURNING txid_current()";
  }

  @Override
  public String limitLockWait() {
    // set_config(..., true) is SET LOCAL: it ends with the transaction, or at a rollback to a savepoint before it
    return "SELECT current_setting('lock_timeout'), set_config('lock_timeout', ?, true)";
  }

  @Override
  public boolean lockWaitTimedOut(SQLException failure) {
    return LOCK_NOT_AVAILABLE.equals(failure.getSQLState());
  }

  @Override
  public String storeResponse(String table) {
    return "UPDATE " + table + " SET response = ? WHERE call_key = ?";
  }

  @Override
  public String readRecord(String table) {
    return "SELECT fingerprint, response FROM " + table + " WHERE call_key = ?";
  }

  @Override
  public String acquire(String table) {
    // The CTE's SELECT sees the row as it was before the upsert: when the upsert left it alone,
    // that is the holder's lease, whose time left tells the waiter when to try again at the latest.
    return "WITH arg AS (SELECT CAST(? AS TEXT) AS lock_key, CAST(? AS TEXT) AS owner_token,"
        + " CAST(? AS BIGINT) AS lease_ms),"
        + " taken AS (INSERT INTO " + table + " AS l (lock_key, owner_token, lease_until, fencing_token)"
        + " SELECT lock_key, owner_token, clock_timestamp() + lease_ms * INTERVAL '1 millisecond', 1 FROM arg"
        + " ON CONFLICT (lock_key) DO UPDATE SET owner_token = EXCLUDED.owner_token,"
        + " lease_until = EXCLUDED.lease_until, fencing_token = l.fencing_token + 1"
        + " WHERE l.lease_until IS NULL OR l.lease_until < clock_timestamp() OR l.owner_token = EXCLUDED.owner_token"
        + " RETURNING l.fencing_token)"
        + " SELECT (SELECT fencing_token FROM taken) AS granted,"
        + " (SELECT CAST(CEIL(EXTRACT(EPOCH FROM h.lease_until - clock_timestamp()) * 1000) AS BIGINT)"
        + " FROM " + table + " h, arg WHERE h.lock_key = arg.lock_key) AS holder_left_ms";
  }

  @Override
  public String extend(String table) {
    return "WITH arg AS (SELECT CAST(? AS TEXT) AS lock_key, CAST(? AS TEXT) AS owner_token,"
        + " CAST(? AS BIGINT) AS lease_ms)"
        + " UPDATE " + table + " l SET lease_until = clock_timestamp() + arg.lease_ms * INTERVAL '1 millisecond'"
        + " FROM arg WHERE l.lock_key = arg.lock_key AND l.owner_token = arg.owner_token"
        + " AND l.lease_until >= clock_timestamp()";
  }

  @Override
  public String release(String table) {
    return "UPDATE " + table + " SET lease_until = NULL"
        + " WHERE lock_key = ? AND owner_token = ? AND (lease_until >= clock_timestamp() OR lease_until IS NULL)"
        + " RETURNING pg_notify('" + CHANNEL + "', lock_key)";
  }

  @Override
  public String lockSharedKey(String table) {
    // the no-op update of ON CONFLICT locks the row; set_config(..., true) lasts until the transaction ends
    return "WITH bound AS (SELECT set_config('idle_in_transaction_session_timeout', ?, true))"
        + " INSERT INTO " + table + " AS l (lock_key, owner_token, lease_until, fencing_token)"
        + " SELECT CAST(? AS TEXT), '', NULL, 0 FROM bound"
        + " ON CONFLICT (lock_key) DO UPDATE SET fencing_token = l.fencing_token";
  }

  @Override
  public String liveHolders(String holders) {
    // the DELETE and the SELECT see the same snapshot: the SELECT leaves out what the DELETE removes
    return "WITH arg AS (SELECT CAST(? AS TEXT) AS lock_key, clock_timestamp() AS now),"
        + " gone AS (DELETE FROM " + holders + " h USING arg WHERE h.lock_key = arg.lock_key"
        + " AND (h.lease_until IS NULL OR h.lease_until < arg.now))"
        + " SELECT h.owner_token, h.kind, h.fencing_token,"
        + " CAST(CEIL(EXTRACT(EPOCH FROM h.lease_until - arg.now) * 1000) AS BIGINT)"
        + " FROM " + holders + " h, arg WHERE h.lock_key = arg.lock_key AND h.lease_until >= arg.now"
        + " ORDER BY h.arrived, h.owner_token";
  }

  @Override
  public String addHolder(String table, String holders) {
    return "WITH arg AS (SELECT CAST(? AS TEXT) AS lock_key, CAST(? AS TEXT) AS owner_token,"
        + " CAST(? AS CHAR(1)) AS kind, CAST(? AS BIGINT) AS lease_ms),"
        + " token AS (UPDATE " + table + " l SET fencing_token = l.fencing_token + 1 FROM arg"
        + " WHERE l.lock_key = arg.lock_key RETURNING l.fencing_token)"
        + " INSERT INTO " + holders + " AS h (lock_key, owner_token, kind, fencing_token, arrived, lease_until)"
        + " SELECT arg.lock_key, arg.owner_token, arg.kind, token.fencing_token, clock_timestamp(),"
        + " clock_timestamp() + arg.lease_ms * INTERVAL '1 millisecond' FROM arg, token"
        + " ON CONFLICT (lock_key, owner_token) DO UPDATE SET fencing_token = EXCLUDED.fencing_token,"
        + " lease_until = EXCLUDED.lease_until RETURNING h.fencing_token";
  }

  @Override
  public String keepQueued(String holders) {
    return "INSERT INTO " + holders + " AS h (lock_key, owner_token, kind, fencing_token, arrived, lease_until)"
        + " VALUES (?, ?, ?, NULL, clock_timestamp(), clock_timestamp() + CAST(? AS BIGINT) * INTERVAL '1 millisecond')"
        + " ON CONFLICT (lock_key, owner_token) DO UPDATE SET lease_until = EXCLUDED.lease_until";
  }

  @Override
  public String endShare(String holders) {
    return "UPDATE " + holders + " SET lease_until = NULL"
        + " WHERE lock_key = ? AND owner_token = ? AND (lease_until >= clock_timestamp() OR lease_until IS NULL)"
        + " RETURNING pg_notify('" + CHANNEL + "', lock_key)";
  }

  @Override
  public String extendShare(String holders) {
    return "WITH arg AS (SELECT CAST(? AS TEXT) AS lock_key, CAST(? AS TEXT) AS owner_token,"
        + " CAST(? AS BIGINT) AS lease_ms)"
        + " UPDATE " + holders + " h SET lease_until = clock_timestamp() + arg.lease_ms * INTERVAL '1 millisecond'"
        + " FROM arg WHERE h.lock_key = arg.lock_key AND h.owner_token = arg.owner_token"
        + " AND h.fencing_token IS NOT NULL AND h.lease_until >= clock_timestamp()";
  }

  @Override
  public String downgrade(String holders) {
    return "WITH arg AS (SELECT CAST(? AS TEXT) AS lock_key, CAST(? AS TEXT) AS writer, CAST(? AS TEXT) AS reader,"
        + " CAST(? AS BIGINT) AS lease_ms)"
        + " UPDATE " + holders + " h SET owner_token = arg.reader, kind = 'r',"
        + " lease_until = clock_timestamp() + arg.lease_ms * INTERVAL '1 millisecond'"
        + " FROM arg WHERE h.lock_key = arg.lock_key AND h.fencing_token IS NOT NULL"
        + " AND h.lease_until >= clock_timestamp()"
        + " AND ((h.owner_token = arg.writer AND h.kind = 'w') OR (h.owner_token = arg.reader AND h.kind = 'r'))"
        + " RETURNING h.fencing_token, pg_notify('" + CHANNEL + "', h.lock_key)";
  }

  @Override
  public String read(String table) {
    return "SELECT lease_until IS NOT NULL AND lease_until >= clock_timestamp(), fencing_token FROM " + table
        + " WHERE lock_key = ?";
  }

  @Override
  public void listen(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("LISTEN " + CHANNEL);
    }
  }

  @Override
  public void unlisten(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("UNLISTEN " + CHANNEL);
    }
  }

  @Override
  public List<String> awaitReleases(Connection connection, int timeoutMillis) throws SQLException {
    Object notifications;
    try {
      notifications = getNotifications.invoke(connection.unwrap(getNotifications.getDeclaringClass()), timeoutMillis);
    } catch (InvocationTargetException e) {
      throw e.getCause() instanceof SQLException failure ? failure : new SQLException(e.getCause());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
    List<String> keys = new ArrayList<>();
    for (int i = 0; notifications != null && i < Array.getLength(notifications); i++) {
      try {
        keys.add((String) getParameter.invoke(Array.get(notifications, i)));
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
    }
    return keys;
  }

  @Override
  public String toString() {
    return "PostgreSQL";
  }
}
