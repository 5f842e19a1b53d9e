-- Notes from signed-out authors, confirmed by e-mail, and the spam rules (decision 027). Such a
-- note keeps its author's address as follows keep theirs: never shown, never in an answer; only
-- the hash of its confirmation link's token is kept, until the link is followed.
ALTER TABLE place_notes ADD COLUMN email text CHECK (length(email) <= 254);
-- The address as compared: a signed-out author's first note, repeats and limits are keyed by it.
ALTER TABLE place_notes ADD COLUMN email_key text CHECK (email_key = lower(email_key));
ALTER TABLE place_notes ADD COLUMN confirm_token_hash text UNIQUE CHECK (confirm_token_hash ~ '^[0-9a-f]{64}$');
-- A note has an account or an address, never both; an unconfirmed one has its link's hash, and
-- only an unconfirmed one.
ALTER TABLE place_notes ADD CHECK (author_id IS NULL OR email IS NULL);
ALTER TABLE place_notes ADD CHECK ((email IS NULL) = (email_key IS NULL));
ALTER TABLE place_notes ADD CHECK ((state = 'unconfirmed') = (confirm_token_hash IS NOT NULL));
-- A signed-out author's notes (first note, repeats, limits).
CREATE INDEX place_notes_email_idx ON place_notes (email_key, created_at) WHERE email_key IS NOT NULL;
-- A place's latest notes, whatever their state (the per-place limit).
CREATE INDEX place_notes_place_created_idx ON place_notes (place_id, created_at);
-- Unconfirmed notes past their link's week, for tidying.
CREATE INDEX place_notes_unconfirmed_idx ON place_notes (created_at) WHERE state = 'unconfirmed';

-- Addresses and domains admins block: their notes are refused. A domain blocks its subdomains.
CREATE TABLE blocked_senders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('address', 'domain')),
  -- The address, or the domain without its `@`, lower case.
  value text NOT NULL UNIQUE CHECK (value = lower(value) AND length(value) <= 254),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  CHECK ((kind = 'address') = (position('@' IN value) > 0))
);
