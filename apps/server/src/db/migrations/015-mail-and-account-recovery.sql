-- Every e-mail Karta sends is first a row here, written in the same transaction as the event that
-- causes it (a proposal, a reset request), so a crash can neither lose it nor send it before the
-- event commits. A sender claims due rows (FOR UPDATE SKIP LOCKED: with several instances each row
-- goes to one), sends them, and marks them sent, or due again later with a longer wait.
CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- One message per event and recipient, whatever writes it twice; also its Message-ID.
  idempotency_key text NOT NULL UNIQUE CHECK (idempotency_key ~ '^[A-Za-z0-9._:-]{1,200}$'),
  recipient text NOT NULL CHECK (length(recipient) <= 254),
  subject text NOT NULL CHECK (length(subject) <= 300),
  text_body text NOT NULL,
  html_body text NOT NULL,
  -- Extra headers (List-Unsubscribe…): {"name": "value"}.
  headers jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(headers) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A sender holds the row until then; past it (the sender died) another may take it.
  claimed_until timestamptz,
  sent_at timestamptz,
  -- A message past this is not sent at all (a reset link that has expired meanwhile).
  expires_at timestamptz,
  -- Why the last attempt failed (the SMTP server's answer), never an address or a token.
  last_error text CHECK (length(last_error) <= 500)
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;
-- Sent or expired messages lose their bodies (links with tokens); old rows are deleted by age.
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at);

-- Password-reset links. The link carries a random 32-byte token; only its SHA-256 is kept, so a
-- copy of this table cannot reset anyone's password. A token is used once (used_at) and expires.
CREATE TABLE password_resets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);

-- "Your sessions" names each by the browser and system it was started in ("Firefox on Linux").
ALTER TABLE sessions ADD COLUMN device text CHECK (length(device) <= 100);
