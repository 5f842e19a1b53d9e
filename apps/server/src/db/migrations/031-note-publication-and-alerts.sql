-- When a note was published, for the places feed and follow digests (decision 027): set by the
-- database whenever a note enters `published`, whoever moves it there (at once, a moderator, or
-- a confirmation that publishes), so no writer can forget it. A note hidden and published again
-- is news again.
ALTER TABLE place_notes ADD COLUMN published_at timestamptz;
UPDATE place_notes SET published_at = coalesce(decided_at, created_at) WHERE state = 'published';
CREATE FUNCTION place_notes_published_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = 'published' AND (TG_OP = 'INSERT' OR OLD.state <> 'published') THEN
    NEW.published_at := now();
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER place_notes_published_at BEFORE INSERT OR UPDATE OF state ON place_notes
  FOR EACH ROW EXECUTE FUNCTION place_notes_published_at();
-- Published notes newest first (the feed, the digests' windows).
CREATE INDEX place_notes_published_at_idx ON place_notes (published_at DESC, id DESC) WHERE state = 'published';

-- "Reported closed" alerts: a follow may ask for an e-mail at once when a place it follows is
-- reported closed, besides its digest; a `closed_now` note is alerted once.
ALTER TABLE follows ADD COLUMN alerts boolean NOT NULL DEFAULT false;
CREATE INDEX follows_alerts_idx ON follows (id) WHERE alerts AND confirmed_at IS NOT NULL;
ALTER TABLE place_notes ADD COLUMN alerted_at timestamptz;
CREATE INDEX place_notes_to_alert_idx ON place_notes (published_at)
  WHERE state = 'published' AND effect = 'closed_now' AND alerted_at IS NULL;
