-- The lock table of lockkey-jdbc on PostgreSQL: one row per full lock key. A release keeps the row
-- (lease_until NULL), so that the key's fencing token keeps rising across holders, expiries,
-- releases and restarts. Plain SQL, ready for a Flyway or Liquibase migration.
CREATE TABLE IF NOT EXISTS lockkey_locks (
  lock_key      TEXT        NOT NULL PRIMARY KEY,
  owner_token   TEXT        NOT NULL,
  lease_until   TIMESTAMPTZ,
  fencing_token BIGINT      NOT NULL
);
