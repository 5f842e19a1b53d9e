-- Notes on places (decision 027): short status notes that expire ("no water today") and lasting
-- comments, each moderated. A category says whether its places take notes, and whether they are
-- published at once (postmoderated, the default) or after a moderator's look (premoderated).
ALTER TABLE categories ADD COLUMN notes text NOT NULL DEFAULT 'postmoderated'
  CHECK (notes IN ('off', 'premoderated', 'postmoderated'));

CREATE TABLE place_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  place_id bigint NOT NULL REFERENCES places (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('status', 'comment')),
  text text NOT NULL,
  language text NOT NULL,
  effect text CHECK (effect IN ('closed_now', 'limited', 'normal')),
  state text NOT NULL CHECK (state IN ('unconfirmed', 'pending', 'published', 'hidden')),
  author_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- The text as compared for repeats: folded, so case and spacing do not make it new.
  text_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  decided_at timestamptz,
  decided_by bigint REFERENCES users (id) ON DELETE SET NULL,
  hidden_reason text,
  -- A status note has an effect and an end; a comment has neither.
  CHECK ((kind = 'status') = (effect IS NOT NULL)),
  CHECK ((kind = 'status') = (expires_at IS NOT NULL))
);
-- A place's published notes, newest first; its current status note.
CREATE INDEX place_notes_published_idx ON place_notes (place_id, id DESC) WHERE state = 'published';
-- The review queue's notes, oldest first.
CREATE INDEX place_notes_pending_idx ON place_notes (created_at, id) WHERE state = 'pending';
-- An author's notes (first note, repeats, limits).
CREATE INDEX place_notes_author_idx ON place_notes (author_id, created_at) WHERE author_id IS NOT NULL;
