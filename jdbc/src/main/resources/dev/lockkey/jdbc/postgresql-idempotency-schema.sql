-- The idempotency records of lockkey-jdbc on PostgreSQL: one row per call key, written in the
-- caller's transaction, so that it commits or rolls back with the call's own rows. Delete old rows
-- when their keys may not be retried any more, e.g. DELETE ... WHERE created_at < now() - interval '7 days'.
CREATE TABLE IF NOT EXISTS lockkey_idempotency (
  call_key    TEXT        NOT NULL PRIMARY KEY,
  fingerprint TEXT        NOT NULL,
  response    BYTEA,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
