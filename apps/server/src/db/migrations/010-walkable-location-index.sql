-- Nearest-first walks that every reader can take, without reading the table (decision 020).
--
-- The location index held only published places, so a walk for a signed-in reader, who also sees
-- their own pending places (`status = 'published' OR author_id = …`), could not use it: PostgreSQL
-- read and sorted every place instead (about 1 s at a million). It now holds every place, and the
-- columns a search's walk tests (who may see the place, its category, its public position and its
-- searchable text), so the walk reads the index alone and never the table: about 1 µs a place
-- instead of 10 (each place read from the table was a random page). The price is the index's
-- size, about 0.65 GB at a million places beside the table's 0.9 GB.
DROP INDEX places_published_location_idx;
CREATE INDEX places_location_idx ON places USING gist (location)
  INCLUDE (id, status, author_id, category_id, public_lat, public_lng, search_name, search_text);
