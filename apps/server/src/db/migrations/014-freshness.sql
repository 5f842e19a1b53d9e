-- Freshness (issue 14): is a place still there? `last_confirmed_at` is when someone last said so
-- (a visitor's "Still here", a moderator's check, edit or publication); a place unconfirmed for
-- STALE_AFTER_DAYS is shown as possibly out of date. `checked_at` is a moderator's last check, and
-- `not_here_count` the "Not here" reports since it: the "Needs checking" queue's first order.
ALTER TABLE places ADD COLUMN last_confirmed_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE places ADD COLUMN checked_at timestamptz;
ALTER TABLE places ADD COLUMN not_here_count integer NOT NULL DEFAULT 0 CHECK (not_here_count >= 0);
-- What was known before: a place was last looked at when it was last written.
UPDATE places SET last_confirmed_at = updated_at, checked_at = updated_at;

-- The "Needs checking" queue, read in its order (most "Not here" reports, then the oldest
-- confirmation) as one range of this index: a page reads its rows from here, whatever the number
-- of places (the count negated, so a row comparison walks it).
CREATE INDEX places_needs_checking_idx ON places ((-not_here_count), last_confirmed_at, id)
  WHERE status = 'published';

-- One row per answer: at most one per place, client and day. A client is a user, or a visitor's
-- random cookie (hashed); `address_key` (a hash of the address, never the address) tells apart
-- the visitors whose "Not here" reports together open a flag.
CREATE TABLE place_confirmations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  place_id bigint NOT NULL REFERENCES places (id) ON DELETE CASCADE,
  still boolean NOT NULL,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  client_key text NOT NULL,
  address_key text NOT NULL,
  day date NOT NULL DEFAULT (now() AT TIME ZONE 'UTC')::date,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (place_id, client_key, day)
);
CREATE INDEX place_confirmations_place_idx ON place_confirmations (place_id, created_at);
