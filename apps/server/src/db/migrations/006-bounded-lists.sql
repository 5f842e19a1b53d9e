-- Bounded lists (issue 12, decision 017). Runs on PGlite and PostgreSQL 15+.

-- A list of one status or one author reads the id index in order and stops after its page,
-- instead of sorting every pending place (an import of 100 000 proposals) or every place of one
-- author (the moderator who imported them) for each page of 20.
CREATE INDEX places_status_id_idx ON places (status, id);
CREATE INDEX places_author_id_idx ON places (author_id, id) WHERE author_id IS NOT NULL;
DROP INDEX places_author_idx;

-- `covers` with more than the counted 1 000 places covering the point walks the places that
-- have a radius nearest first (decision 017): this index holds only those, so the walk does not
-- step over every place without one.
CREATE INDEX places_published_radius_location_idx ON places USING gist (location)
  WHERE status = 'published' AND radius IS NOT NULL;
