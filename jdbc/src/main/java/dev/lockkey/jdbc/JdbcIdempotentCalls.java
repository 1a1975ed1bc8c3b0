package dev.lockkey.jdbc;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.codec.ResultCodec;
import dev.lockkey.idempotency.IdempotencyConflictException;
import dev.lockkey.idempotency.IdempotencyInProgressException;
import dev.lockkey.idempotency.IdempotencyOptions;
import dev.lockkey.idempotency.IdempotentCalls;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * Runs a call at most once per key, in the caller's own database transaction: the call's record
 * is a row written on the caller's connection, so the work's rows and the stored response commit
 * together or roll back together, with no moment in which one exists without the other (the
 * design Stripe describes for its idempotency keys).
 *
 * <pre>{@code
 * JdbcIdempotentCalls calls = JdbcIdempotentCalls.create(Keyspace.of("prod"));
 * try (Connection tx = dataSource.getConnection()) {
 *   tx.setAutoCommit(false);
 *   String receipt = calls.run(tx, CaptureKey.of(tenant, idempotencyKey), CaptureRequestFingerprint.of(request),
 *       ResultCodec.utf8(), connection -> payments.capture(connection, request));
 *   tx.commit();
 * }
 * }</pre>
 *
 * <h2>How</h2>
 * One statement, {@code INSERT ... ON CONFLICT (call_key) DO NOTHING}, claims the key with the
 * payload's fingerprint. The caller that inserted the row runs the work on the same connection and
 * stores the encoded result in the row; its commit makes both visible. A duplicate's insert meets
 * the row: while the first transaction is open, PostgreSQL makes the duplicate's insert wait for
 * it; once it committed, the duplicate reads the record and gets the stored result (or
 * {@link FingerprintConflictException} for another fingerprint), and the work does not run; when
 * it rolled back, the row never existed and the duplicate runs the work itself.
 *
 * <h2>Failures</h2>
 * Work that throws leaves the caller to roll back, which removes the record: the next retry runs
 * the work. A crash or a killed connection mid-work rolls back the same way. A duplicate waits as
 * long as the first transaction stays open; bound that with the transaction's own
 * {@code lock_timeout} or {@code statement_timeout}. The caller's transaction must be in
 * {@code READ COMMITTED} (PostgreSQL's default): a duplicate reads the first call's committed
 * record after its insert waited.
 *
 * <h2>Records</h2>
 * The table {@value #DEFAULT_TABLE} ({@link #createTable}, or the DDL shipped as
 * {@code dev/lockkey/jdbc/postgresql-idempotency-schema.sql}) holds the full key, the fingerprint (a
 * digest, never the payload), the encoded result and its time; delete old rows when their keys may
 * no longer be retried. Thread-safe and stateless: one per application.
 */
public final class JdbcIdempotentCalls {
  /** The records' table unless another is given. */
  public static final String DEFAULT_TABLE = "lockkey_idempotency";
  /** The purpose in the records' full keys: {@code idem:env:{body}}. */
  static final String PURPOSE = "idem";
  /** A record that vanished between a duplicate's insert and its read (deleted meanwhile) makes it try again, this often. */
  private static final int CLAIMS = 3;

  private final Keyspace keyspace;
  private final String table;
  private final JdbcDialect dialect;
  private final String claimSql;
  private final String storeSql;
  private final String readSql;

  private JdbcIdempotentCalls(Keyspace keyspace, String table, JdbcDialect dialect) {
    this.keyspace = Objects.requireNonNull(keyspace, "keyspace");
    this.table = JdbcLockTable.checkName(table);
    this.dialect = dialect;
    this.claimSql = dialect.claimRecord(this.table);
    this.storeSql = dialect.storeResponse(this.table);
    this.readSql = dialect.readRecord(this.table);
  }

  /**
   * Calls on the table {@value #DEFAULT_TABLE} of PostgreSQL.
   *
   * @param keyspace the key space of the records' full keys
   * @return the calls
   */
  public static JdbcIdempotentCalls create(Keyspace keyspace) {
    return create(keyspace, DEFAULT_TABLE);
  }

  /**
   * Calls on the table {@code table} of PostgreSQL.
   *
   * @param keyspace the key space of the records' full keys
   * @param table a plain or schema-qualified SQL identifier
   * @return the calls
   * @throws IllegalArgumentException when {@code table} is not a plain SQL identifier
   */
  public static JdbcIdempotentCalls create(Keyspace keyspace, String table) {
    return new JdbcIdempotentCalls(keyspace, table, new PostgresDialect());
  }

  /**
   * Creates this instance's table if it does not exist.
   *
   * @param dataSource where; one connection is used for one statement
   * @throws JdbcLockException when the database failed
   */
  public void createTable(DataSource dataSource) {
    Ddl.run(dataSource, table, dialect.createIdempotencyTable(table));
  }

  /**
   * These calls as {@link IdempotentCalls} (what {@code @Idempotent} methods run through), each
   * call joining the calling thread's transaction: its record, the work's rows and the stored
   * result commit with that transaction. A call is a savepoint in it: work that throws, or a
   * duplicate that gave up waiting, undoes the call's part only, and the caller's transaction goes
   * on. A duplicate waits for the transaction of the call that claimed the key first at most
   * {@link IdempotencyOptions#waitTime()} ({@link IdempotencyOptions.InProgress#FAIL}: at once) and
   * then throws {@link IdempotencyInProgressException}; another payload throws
   * {@link IdempotencyConflictException}. The work's fencing token is the claiming transaction's id
   * ({@code txid_current()}): unique per claim; the transaction, which holds the record's row until
   * it ends, is what keeps a second caller out. Of the options, the codec, the wait and the
   * in-progress policy apply; there is no lease (the open transaction is the lease), no expiry (the
   * rows stay until deleted) and no stored final failure: a failure rolls the call back, so a retry
   * runs the work again.
   *
   * @param transactions where the calls find the caller's transaction, e.g. Spring's through the
   *     starter's adapter
   * @return the calls; closing them does nothing (they hold no thread and no connection)
   */
  public IdempotentCalls joining(CallerTransaction transactions) {
    return new JoinedIdempotentCalls(keyspace, table, dialect, transactions);
  }

  /**
   * Runs {@code work} once for {@code key}, in the transaction of {@code transaction}, or answers a
   * duplicate with the stored result (see the class documentation). The caller commits or rolls
   * back.
   *
   * @param transaction the caller's connection, with auto-commit off: the record joins its transaction
   * @param key the call's key, e.g. the client's idempotency key in a generated key class
   * @param fingerprint the payload's fingerprint (a generated {@code XFingerprint}'s digest)
   * @param codec encodes the result for the record and decodes a stored one
   * @param work the call's work, on {@code transaction}
   * @param <T> the result type
   * @param <E> the exception the work may throw
   * @return the work's result, or the stored result of the call that ran it
   * @throws E what the work threw, unchanged (roll back: the record goes with it)
   * @throws FingerprintConflictException when the key was used with another fingerprint; nothing ran
   * @throws IllegalStateException when {@code transaction} is in auto-commit (the record would commit alone)
   * @throws JdbcLockException when the database failed on the record's statements
   */
  public <T, E extends Exception> T run(Connection transaction, LockKey key, String fingerprint, ResultCodec<T> codec,
      TransactionalWork<T, E> work) throws E {
    Objects.requireNonNull(fingerprint, "fingerprint");
    Objects.requireNonNull(codec, "codec");
    Objects.requireNonNull(work, "work");
    String fullKey = keyspace.fullKey(PURPOSE, key);
    try {
      if (transaction.getAutoCommit()) {
        throw new IllegalStateException("the call " + fullKey + " needs a connection in a transaction"
            + " (setAutoCommit(false)): its record must commit with its work");
      }
      for (int claim = 1; ; claim++) {
        if (claim(transaction, fullKey, fingerprint)) {
          T result = work.run(transaction);
          store(transaction, fullKey, result == null ? null : codec.encode(result));
          return result;
        }
        try (PreparedStatement read = transaction.prepareStatement(readSql)) {
          read.setString(1, fullKey);
          try (ResultSet record = read.executeQuery()) {
            if (record.next()) {
              if (!fingerprint.equals(record.getString(1))) {
                throw new FingerprintConflictException(fullKey);
              }
              byte[] response = record.getBytes(2);
              return response == null ? null : codec.decode(response);
            }
          }
        }
        if (claim == CLAIMS) {
          throw new IllegalStateException("the record of " + fullKey + " vanished " + CLAIMS + " times in a row");
        }
      }
    } catch (SQLException e) {
      throw JdbcFailures.translate(fullKey, table, e);
    }
  }

  @Override
  public String toString() {
    return "JdbcIdempotentCalls[" + table + ", " + keyspace.env() + "]";
  }

  private boolean claim(Connection transaction, String fullKey, String fingerprint) throws SQLException {
    try (PreparedStatement insert = transaction.prepareStatement(claimSql)) {
      insert.setString(1, fullKey);
      insert.setString(2, fingerprint);
      return insert.executeUpdate() == 1;
    }
  }

  private void store(Connection transaction, String fullKey, byte[] response) throws SQLException {
    try (PreparedStatement update = transaction.prepareStatement(storeSql)) {
      update.setBytes(1, response);
      update.setString(2, fullKey);
      update.executeUpdate();
    }
  }
}
