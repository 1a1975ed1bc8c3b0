package dev.lockkey.jdbc;

import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.idempotency.IdempotencyConflictException;
import dev.lockkey.idempotency.IdempotencyInProgressException;
import dev.lockkey.idempotency.IdempotencyOptions;
import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.idempotency.IdempotentWork;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * {@link IdempotentCalls} whose records join the caller's transaction ({@link JdbcIdempotentCalls#joining}).
 * Each call is a savepoint of that transaction: the claim, the work's rows and the stored result,
 * or (when the work throws, or a duplicate gave up waiting) none of them, while the rest of the
 * caller's transaction goes on and commits as the caller decides.
 */
final class JoinedIdempotentCalls implements IdempotentCalls {
  private static final Pattern FINGERPRINT = Pattern.compile("[0-9a-f]{32}");
  /** The lock wait of {@link IdempotencyOptions.InProgress#FAIL}: PostgreSQL reads 0 as "no limit". */
  private static final long AT_ONCE_MILLIS = 1;

  private final Keyspace keyspace;
  private final String table;
  private final JdbcDialect dialect;
  private final CallerTransaction transactions;
  private final String claimSql;
  private final String storeSql;
  private final String readSql;

  JoinedIdempotentCalls(Keyspace keyspace, String table, JdbcDialect dialect, CallerTransaction transactions) {
    this.keyspace = keyspace;
    this.table = table;
    this.dialect = dialect;
    this.transactions = Objects.requireNonNull(transactions, "transactions");
    this.claimSql = dialect.claimRecordFenced(table);
    this.storeSql = dialect.storeResponse(table);
    this.readSql = dialect.readRecord(table);
  }

  @Override
  public <T, E extends Exception> T run(LockKey key, String fingerprint, IdempotencyOptions<T> options,
      IdempotentWork<T, E> work) throws E {
    if (!FINGERPRINT.matcher(Objects.requireNonNull(fingerprint, "fingerprint")).matches()) {
      throw new IllegalArgumentException("a fingerprint is 32 lowercase hex digits, as XFingerprint.of returns it;"
          + " was " + fingerprint.length() + " characters");
    }
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(work, "work");
    String fullKey = keyspace.fullKey(JdbcIdempotentCalls.PURPOSE, key);
    return transactions.join(transaction -> inSavepoint(transaction, fullKey, fingerprint, options, work));
  }

  private <T, E extends Exception> T inSavepoint(Connection transaction, String fullKey, String fingerprint,
      IdempotencyOptions<T> options, IdempotentWork<T, E> work) throws E {
    Savepoint call;
    try {
      if (transaction.getAutoCommit()) {
        throw new IllegalStateException("the call " + fullKey + " joined a connection in auto-commit: its record must"
            + " commit with its work; the transaction manager holds no transaction on this DataSource");
      }
      call = transaction.setSavepoint();
    } catch (SQLException e) {
      throw JdbcFailures.translate(fullKey, table, e);
    }
    boolean done = false;
    try {
      T result = claimOrReplay(transaction, fullKey, fingerprint, options, work);
      transaction.releaseSavepoint(call);
      done = true;
      return result;
    } catch (SQLException e) {
      if (dialect.lockWaitTimedOut(e)) {
        IdempotencyInProgressException inProgress = new IdempotencyInProgressException(fullKey);
        inProgress.addSuppressed(e);
        throw inProgress;
      }
      throw JdbcFailures.translate(fullKey, table, e);
    } finally {
      if (!done) {
        rollBack(transaction, call);
      }
    }
  }

  /** The work's result after claiming the key, or the stored result of the call that claimed it first. */
  private <T, E extends Exception> T claimOrReplay(Connection transaction, String fullKey, String fingerprint,
      IdempotencyOptions<T> options, IdempotentWork<T, E> work) throws E, SQLException {
    Long fencingToken = claim(transaction, fullKey, fingerprint, options);
    if (fencingToken != null) {
      T result = Objects.requireNonNull(work.run(fencingToken), "the work of an idempotent call returned null");
      try (PreparedStatement store = transaction.prepareStatement(storeSql)) {
        store.setBytes(1, options.codec().encode(result));
        store.setString(2, fullKey);
        store.executeUpdate();
      }
      return result;
    }
    try (PreparedStatement read = transaction.prepareStatement(readSql)) {
      read.setString(1, fullKey);
      try (ResultSet record = read.executeQuery()) {
        // the claim met a committed row, which this transaction sees in READ COMMITTED
        if (!record.next()) {
          throw new IllegalStateException("the record of " + fullKey + " was deleted while its call was retried");
        }
        if (!fingerprint.equals(record.getString(1))) {
          throw new IdempotencyConflictException(fullKey);
        }
        byte[] response = record.getBytes(2);
        if (response == null) {
          throw new IllegalStateException("the record of " + fullKey + " holds no result (it was written by"
              + " JdbcIdempotentCalls.run with work that returned null)");
        }
        return options.codec().decode(response);
      }
    }
  }

  /**
   * Inserts the record, waiting for a transaction that holds the key at most as long as the options
   * say; the claim's fencing token when inserted, {@code null} when a committed record holds the key.
   */
  private Long claim(Connection transaction, String fullKey, String fingerprint, IdempotencyOptions<?> options)
      throws SQLException {
    long waitMillis = options.inProgress() == IdempotencyOptions.InProgress.FAIL
        ? AT_ONCE_MILLIS : Math.max(AT_ONCE_MILLIS, options.waitTime().toMillis());
    String before = limitLockWait(transaction, Long.toString(waitMillis));
    Long fencingToken;
    try (PreparedStatement insert = transaction.prepareStatement(claimSql)) {
      insert.setString(1, fullKey);
      insert.setString(2, fingerprint);
      try (ResultSet claimed = insert.executeQuery()) {
        fencingToken = claimed.next() ? claimed.getLong(1) : null;
      }
    }
    limitLockWait(transaction, before); // the caller's own statements wait as they did before the call
    return fencingToken;
  }

  private String limitLockWait(Connection transaction, String limit) throws SQLException {
    try (PreparedStatement set = transaction.prepareStatement(dialect.limitLockWait())) {
      set.setString(1, limit);
      try (ResultSet before = set.executeQuery()) {
        before.next();
        return before.getString(1);
      }
    }
  }

  /** Undoes the call's part of the transaction; a failure here is the transaction's own to report. */
  private static void rollBack(Connection transaction, Savepoint call) {
    try {
      transaction.rollback(call);
    } catch (SQLException ignored) {
      // the connection broke: the whole transaction rolls back, the call's part with it
    }
  }

  @Override
  public void close() {
    // holds nothing: no thread, no connection of its own
  }

  @Override
  public String toString() {
    return "JoinedIdempotentCalls[" + table + ", " + keyspace.env() + "]";
  }
}
