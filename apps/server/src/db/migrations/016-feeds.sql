-- Feeds (issue 15 §4): the public Atom feed of changes to places, and moderators' private feed of
-- the review queue.

-- The changes feed walks the history newest first (changes/public-changes.ts). Without a time
-- bound the primary key would do; with one ("since the last digest") a walk by id would read every
-- older row to find that none is recent enough. By time, the walk stops where the bound is.
CREATE INDEX place_history_created_idx ON place_history (created_at, id);

-- A feed of a spot (`covers`) reads the archived places covering it too (their archiving is a
-- change): the published ones have their own coverage index (migration 004); this one holds only
-- archived places, few beside them.
CREATE INDEX places_archived_coverage_idx ON places USING gist (coverage)
  WHERE status = 'archived' AND radius IS NOT NULL;

-- A moderator's private feed URL carries a random 32-byte token, not their session; only its
-- SHA-256 is kept, so a copy of this table opens no feed. One per user: a new one replaces it.
CREATE TABLE review_feed_tokens (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A user who stops moderating (a new role) or is disabled loses the feed for good: the token
-- goes, so it does not come back to life if the role does. Reading the feed checks the role too.
CREATE FUNCTION karta_drop_review_feed_token() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM review_feed_tokens WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER users_drop_review_feed_token AFTER UPDATE OF role, disabled ON users
  FOR EACH ROW WHEN (NEW.role NOT IN ('moderator', 'admin') OR NEW.disabled)
  EXECUTE FUNCTION karta_drop_review_feed_token();
