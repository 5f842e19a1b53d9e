-- Photos of places (issue 13, decision 021). The image files live in the photo store under the
-- SHA-256 of their bytes; a row names them. Files are written before their row, so a row never
-- names a file that is not there; files no row names are swept.

CREATE TABLE photos (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  place_id bigint NOT NULL REFERENCES places (id) ON DELETE CASCADE,
  -- pending until a moderator publishes it (a moderator's own upload is published at once).
  status text NOT NULL CHECK (status IN ('pending', 'published', 'hidden')),
  -- The place's order: the gallery shows its photos by this, smallest first.
  sort_order integer NOT NULL,
  thumb_key text NOT NULL CHECK (thumb_key ~ '^[0-9a-f]{64}\.webp$'),
  large_key text NOT NULL CHECK (large_key ~ '^[0-9a-f]{64}\.webp$'),
  -- The large size's pixels (the thumb is 320 wide, at the same aspect ratio).
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  thumb_width integer NOT NULL CHECK (thumb_width > 0),
  thumb_height integer NOT NULL CHECK (thumb_height > 0),
  -- {"hr": "...", "en": "..."}: what the photo shows, for those who cannot see it.
  alt jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(alt) = 'object'),
  licence text NOT NULL DEFAULT 'CC-BY-SA-4.0' CHECK (licence IN ('CC-BY-SA-4.0', 'CC-BY-4.0', 'CC0-1.0')),
  -- The credit line (who took it), as the uploader gives it.
  author text CHECK (length(author) <= 200),
  -- Who uploaded it: sees it while pending or hidden, may edit it while pending, may delete it.
  uploader_id bigint REFERENCES users (id) ON DELETE SET NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A place's photos in its order.
CREATE INDEX photos_place_idx ON photos (place_id, sort_order, id);
-- The review queue: pending photos, oldest first.
CREATE INDEX photos_pending_idx ON photos (id) WHERE status = 'pending';
-- The sweep asks whether any row still names a file.
CREATE INDEX photos_thumb_key_idx ON photos (thumb_key);
CREATE INDEX photos_large_key_idx ON photos (large_key);
CREATE INDEX photos_uploader_idx ON photos (uploader_id);

-- Reports on photos go through the same flags as reports on places, with reasons of their own.
ALTER TABLE flags ADD COLUMN photo_id bigint REFERENCES photos (id) ON DELETE CASCADE;
ALTER TABLE flags DROP CONSTRAINT flags_reason_check;
ALTER TABLE flags ADD CONSTRAINT flags_reason_check CHECK (
  (photo_id IS NULL AND reason IN ('does_not_exist', 'wrong_information', 'duplicate', 'inappropriate'))
  OR (photo_id IS NOT NULL AND reason IN ('not_this_place', 'private_person', 'offensive', 'copyright'))
);
CREATE INDEX flags_photo_idx ON flags (photo_id) WHERE photo_id IS NOT NULL;
