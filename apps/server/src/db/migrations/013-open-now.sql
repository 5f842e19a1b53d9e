-- Opening hours answer "open now?" filters (issue 14, decision 022). A place's hours key is what
-- its state depends on: its `opening_hours` text, and for hours that follow the sun (`sunrise`,
-- `dusk`…) also the tenth of a degree its public position lies in, whose sun times stand for it.
-- Places sharing a key are open at the same instants, so a filter evaluates each key once and
-- reads `hours_key = ANY(open keys)` instead of evaluating every place.
ALTER TABLE places ADD COLUMN hours_key text GENERATED ALWAYS AS (
  CASE WHEN opening_hours ~* '(sunrise|sunset|dawn|dusk)'
    THEN opening_hours
      || '|' || floor(karta_public_lat(lat, location_privacy) * 10)::int8::text
      || '|' || floor(karta_public_lng(lat, lng, location_privacy) * 10)::int8::text
    ELSE opening_hours
  END
) STORED;

-- Every hours key any place has had, so a server knows the keys to evaluate without reading the
-- places. Filled by statement triggers; a key whose places are gone stays (it then matches
-- nothing). `xid` lets a reader ask "what committed since my last look" exactly (migration 008).
CREATE TABLE opening_hours_keys (
  key text PRIMARY KEY,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id()
);
CREATE INDEX opening_hours_keys_xid_idx ON opening_hours_keys (xid);

CREATE FUNCTION karta_add_hours_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO opening_hours_keys (key)
  SELECT DISTINCT hours_key FROM new_rows WHERE hours_key IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER places_hours_keys_insert AFTER INSERT ON places
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION karta_add_hours_keys();
CREATE TRIGGER places_hours_keys_update AFTER UPDATE ON places
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION karta_add_hours_keys();

INSERT INTO opening_hours_keys (key)
SELECT DISTINCT hours_key FROM places WHERE hours_key IS NOT NULL
ON CONFLICT DO NOTHING;
