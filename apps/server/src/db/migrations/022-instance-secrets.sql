-- Secrets every instance of one site shares and keeps across restarts, made once by whichever
-- instance needs one first (INSERT … ON CONFLICT DO NOTHING, then read back). The visitors' address
-- salt lives here: a salt per process would count the same visitor again after a restart or
-- through another instance (freshness/visitor-key.ts).
CREATE TABLE instance_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
