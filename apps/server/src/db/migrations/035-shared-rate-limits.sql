-- Rate limits counted in the database (RATE_LIMIT_STORE=database, docs/decisions/030-shared-limits.md),
-- so every instance on this database counts each limit as one. UNLOGGED: no write-ahead log for a
-- hit on every limited request, and emptied after a crash, which only forgives the counts.
-- Keys are `<limit>:<hash of who is counted>` (no addresses or e-mails); times are the database's
-- clock, in ms since the epoch, the same for every instance. Expired rows are swept now and then.

-- A window per key: opened by its first hit, counting hits until it ends.
CREATE UNLOGGED TABLE rate_limit_windows (
  key text PRIMARY KEY,
  count integer NOT NULL,
  ends_at_ms bigint NOT NULL
);

-- A token bucket per key: `tokens` as of `updated_at_ms`, refilled on the next take; `took` says
-- whether that take had a token; the bucket is full again (and its row can go) at `full_at_ms`.
CREATE UNLOGGED TABLE rate_limit_buckets (
  key text PRIMARY KEY,
  tokens double precision NOT NULL,
  updated_at_ms double precision NOT NULL,
  took boolean NOT NULL,
  full_at_ms double precision NOT NULL
);
