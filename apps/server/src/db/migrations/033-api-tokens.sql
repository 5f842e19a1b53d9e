-- API tokens (docs/decisions/029-api-tokens.md): a user's named tokens for scripts, shown once as
-- `karta_<prefix>_<secret>`. The prefix is public (it finds the row and tells tokens apart); of
-- the secret only its SHA-256 is kept. A revoked token keeps its row, so its prefix is never
-- issued again.
CREATE TABLE api_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  prefix text NOT NULL UNIQUE CHECK (prefix ~ '^[0-9a-f]{12}$'),
  secret_hash text NOT NULL CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
  scopes text[] NOT NULL CHECK (
    cardinality(scopes) >= 1
    AND scopes <@ ARRAY['places:read', 'places:propose', 'moderate', 'import']::text[]
  ),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  -- Written at most once a minute per token, not on every request.
  last_used_at timestamptz,
  revoked_at timestamptz
);
-- A user's list and the count of their live tokens read by user.
CREATE INDEX api_tokens_user_idx ON api_tokens (user_id);
