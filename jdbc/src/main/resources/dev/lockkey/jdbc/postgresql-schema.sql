-- The lock table of lockkey-jdbc on PostgreSQL: one row per full lock key. A release keeps the row
-- (lease_until NULL), so that the key's fencing token keeps rising across holders, expiries,
-- releases and restarts. Plain SQL, ready for a Flyway or Liquibase migration.
CREATE TABLE IF NOT EXISTS lockkey_locks (
  lock_key      TEXT        NOT NULL PRIMARY KEY,
  owner_token   TEXT        NOT NULL,
  lease_until   TIMESTAMPTZ,
  fencing_token BIGINT      NOT NULL
);

-- The holders of permits and read/write locks (JdbcPermits, JdbcReadWriteLocks), named after the
-- lock table (<lock table>_holders): one row per permit, read share or write lock held
-- (fencing_token set) and per waiter's place in the key's queue (fencing_token NULL, in the order
-- of arrived). The key's own row in the lock table keeps its last fencing token; every take locks
-- that row first, so the takes of a key run one after the other. A row whose lease_until passed
-- (by clock_timestamp()) or is NULL (released) counts for nothing; the next take of its key deletes it.
CREATE TABLE IF NOT EXISTS lockkey_locks_holders (
  lock_key      TEXT        NOT NULL,
  owner_token   TEXT        NOT NULL,
  kind          CHAR(1)     NOT NULL,
  fencing_token BIGINT,
  arrived       TIMESTAMPTZ NOT NULL,
  lease_until   TIMESTAMPTZ,
  PRIMARY KEY (lock_key, owner_token)
);
