package dev.lockkey.jdbc;

/**
 * A lock's row as read from the table, for diagnostics and tests, never for a decision (it may
 * change right after the read). It leaves out the owner token.
 *
 * @param fullKey the row's key
 * @param held whether a lease holds the lock now, by the database's clock
 * @param fencingToken the last fencing token issued for the key
 */
record LockRow(String fullKey, boolean held, long fencingToken) {}
