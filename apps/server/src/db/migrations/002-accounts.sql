-- Sign-in sessions. The cookie carries a random 32-byte token; only its SHA-256 is stored, so a
-- copy of this table (a backup, a leaked dump) cannot be used to sign in as anyone.

CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Sliding: pushed forward (at most once a day) while the session is used.
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL DEFAULT now()
);
-- Signing a user out everywhere (disabling, a role change) finds their sessions by user.
CREATE INDEX sessions_user_idx ON sessions (user_id);
-- Purging expired sessions reads them by expiry.
CREATE INDEX sessions_expires_idx ON sessions (expires_at);
