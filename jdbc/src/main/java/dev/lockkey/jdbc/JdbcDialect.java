package dev.lockkey.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * What differs between databases: the lock statements and the way a waiter hears of a release.
 * Each statement is one round trip, checks the owner token and takes "now" from the database's
 * own clock, never from a parameter: no statement has a time parameter, so a client's clock never
 * decides a lease. Each may run twice for one owner with the same answer (a retry after a lost
 * reply): a take or release finds its own first write. {@link PostgresDialect} is the one implementation; MySQL or MariaDB would be
 * another. Implementations are immutable and thread-safe.
 */
interface JdbcDialect {

  /**
   * {@return the DDL that creates the lock table {@code table} and its holders table
   * ({@link JdbcLockTable#holdersTable}) if they do not exist}
   */
  String createTable(String table);

  /**
   * The take: parameters full key, owner token, lease time in ms. One row: the new fencing token
   * when taken (else NULL), and the holder's milliseconds left when held (NULL when unknown).
   */
  String acquire(String table);

  /** The extension: parameters full key, owner token, lease time in ms; one row changed when still held. */
  String extend(String table);

  /**
   * The release: parameters full key, owner token; one row (or an update count of one) when the
   * lease still held the lock, which also signals the key's release to listening waiters.
   */
  String release(String table);

  /**
   * The first statement of a take of a lock with several holders, in its transaction: ensures the
   * key's row in the lock table {@code table} and locks it until the transaction ends, so that the
   * takes of one key run one after the other; it also bounds how long the transaction may then sit
   * idle holding that lock (a client that stalls in it loses its session). Parameters: that bound
   * in ms as text, full key.
   */
  String lockSharedKey(String table);

  /**
   * In a take's transaction, after {@link #lockSharedKey}: deletes the key's rows in {@code holders}
   * that ended (released, or past their lease by the database's clock) and returns the others, in
   * the queue's order. Parameter full key. Rows: owner token, kind, fencing token (NULL: a waiter's
   * place), milliseconds left.
   */
  String liveHolders(String holders);

  /**
   * In a take's transaction: makes the caller a holder with the key's next fencing token (raised in
   * the lock table {@code table}), replacing its place in the queue. Parameters full key, owner
   * token, kind, lease time in ms. One row: the fencing token.
   */
  String addHolder(String table, String holders);

  /**
   * In a take's transaction: keeps the caller's place in the key's queue (its arrival stays) for
   * the given time. Parameters full key, owner token, kind, life in ms.
   */
  String keepQueued(String holders);

  /**
   * Ends an owner's share or place in the queue, unless its lease ran out; a retried end finds its
   * own first one. Parameters full key, owner token. One row (or an update count of one) when
   * something ended; signals the key's release to listening waiters.
   */
  String endShare(String holders);

  /** Extends a share: parameters full key, owner token, lease time in ms; one row changed when still held. */
  String extendShare(String holders);

  /**
   * Turns a held write lock into a read share of another owner token with the same fencing token,
   * in one statement; a retried one finds its own first one. Parameters full key, the writer's
   * owner token, the reader's, the read lease in ms. One row, the fencing token, unless the write
   * lock was not held; signals the key's release.
   */
  String downgrade(String holders);

  /** {@return the DDL that creates the idempotency records' table {@code table} if it does not exist} */
  String createIdempotencyTable(String table);

  /**
   * The claim of a call joined to a caller's transaction: parameters full key, fingerprint; a row
   * with the claim's fencing token when inserted, no row when a committed record holds the key.
   */
  String claimRecordFenced(String table);

  /**
   * Bounds how long the rest of the transaction waits for a row lock: parameter the limit in ms as
   * text; one row, the limit that held before, to give back to {@link #limitLockWait} afterwards.
   */
  String limitLockWait();

  /** {@return whether {@code failure} is a statement that gave up waiting for a lock ({@link #limitLockWait})} */
  boolean lockWaitTimedOut(SQLException failure);

  /**
   * An idempotent call's claim, in the caller's transaction: parameters full key, fingerprint; one
   * row inserted when the key was free, none when a committed record holds it (after waiting for
   * a transaction that inserted it and is still open).
   */
  String claimRecord(String table);

  /** Stores the claimed call's result: parameters result bytes (or NULL), full key. */
  String storeResponse(String table);

  /** Reads a call's record: parameter full key; one row (fingerprint, result bytes) unless none. */
  String readRecord(String table);

  /** A read for diagnostics: parameter full key; one row (held now, fencing token) unless never taken. */
  String read(String table);

  /**
   * Makes {@code connection} hear the releases that {@link #release} signals.
   *
   * @throws SQLException when the database failed
   */
  void listen(Connection connection) throws SQLException;

  /**
   * Stops {@code connection} hearing releases, before it goes back to the pool.
   *
   * @throws SQLException when the database failed
   */
  void unlisten(Connection connection) throws SQLException;

  /**
   * Waits up to {@code timeoutMillis} on a {@link #listen listening} connection for releases.
   *
   * @return the full keys released meanwhile, perhaps none
   * @throws SQLException when the connection failed
   */
  List<String> awaitReleases(Connection connection, int timeoutMillis) throws SQLException;
}
