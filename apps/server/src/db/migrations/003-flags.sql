-- Reports on published places by any visitor (PRODUCT.md §3); moderators resolve them.

CREATE TABLE flags (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  place_id bigint NOT NULL REFERENCES places (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('does_not_exist', 'wrong_information', 'duplicate', 'inappropriate')),
  comment text CHECK (length(comment) <= 1000),
  -- NULL for a visitor who was not signed in.
  reporter_id bigint REFERENCES users (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  -- What the moderator did: fixed the place, or found nothing to change.
  resolution text CHECK (resolution IN ('fixed', 'dismissed')),
  resolution_note text CHECK (length(resolution_note) <= 1000),
  resolved_by bigint REFERENCES users (id) ON DELETE SET NULL,
  resolved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'open') = (resolution IS NULL))
);
-- The moderators' list: open flags, oldest first.
CREATE INDEX flags_status_idx ON flags (status, id);
CREATE INDEX flags_place_idx ON flags (place_id);
