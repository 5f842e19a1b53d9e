-- A place a moderator has open in the review queue (docs/decisions/036-moderation-at-volume.md):
-- theirs to decide until they do or the hold lapses. One holder per place; a lapsed row is
-- overwritten by the next moderator who opens the place.
CREATE TABLE place_holds (
  place_id bigint PRIMARY KEY REFERENCES places (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  held_until timestamptz NOT NULL
);
CREATE INDEX place_holds_until_idx ON place_holds (held_until);
