-- Search and proximity (issue 5, decision 007). Runs on PGlite and PostgreSQL 15+.

-- Text as search compares it: lower case, diacritics folded (`Željeznički` and `zeljeznicki` are
-- equal: decomposed to NFD, the combining marks dropped, and the letters with a stroke, which do
-- not decompose, mapped), punctuation as spaces, runs of spaces as one. IMMUTABLE, so it can feed
-- stored columns and indexes; queries go through the same function, so a place and a search for
-- it are always folded alike. (A translate() of every accented letter was 6 times slower.)
CREATE FUNCTION karta_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(
    lower(translate(regexp_replace(normalize(value, NFD), '[\u0300-\u036f]+', '', 'g'), 'đĐłŁøØħĦıŀĿ', 'dDlLoOhHilL')),
    '[[:punct:][:space:]’‘“”„–—]+', ' ', 'g'))
$$;

-- The texts of a {"hr": …, "en": …} object, folded, with `|` between them: the JSON array's
-- text split at its `", "` (one expression, which PostgreSQL can inline into the generated
-- columns below; a `|` inside a text is punctuation and folds to a space).
CREATE FUNCTION karta_fold_texts(texts jsonb) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT replace(
    karta_fold(replace(replace(jsonb_path_query_array(texts, '$.*')::text, '\n', ' '), '", "', chr(31))),
    chr(31), '|')
$$;

-- Every name of a place, folded, each between `|`: `|flower square|cvjetni trg|`. A name starts
-- after a `|` and a word after a `|` or a space, so ranking can tell a name that begins with the
-- query from one that only contains it.
CREATE FUNCTION karta_search_names(name jsonb) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT '|' || karta_fold_texts(name) || '|'
$$;

-- Names, descriptions (every language) and address: what `q` filters on.
CREATE FUNCTION karta_search_text(name jsonb, description jsonb, address text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT karta_search_names(name) || coalesce(karta_fold_texts(description), '') || '|'
    || coalesce(karta_fold(address), '') || '|'
$$;

ALTER TABLE places
  ADD COLUMN search_name text GENERATED ALWAYS AS (karta_search_names(name)) STORED,
  ADD COLUMN search_text text GENERATED ALWAYS AS (karta_search_text(name, description, address)) STORED;

-- The box (x = lng, y = lat) that holds the circle a place's radius draws around its public
-- position, for `covers`: a GiST search for boxes holding a point, then the exact haversine check.
-- A circle reaching over a pole or across the antimeridian gets the whole width of the map: still a
-- box that holds it, and such places are few.
CREATE FUNCTION karta_coverage_box(lat double precision, lng double precision, radius double precision)
RETURNS box
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN lat + d >= 90 OR lat - d <= -90
      THEN box(point(-180, greatest(-90, lat - d)), point(180, least(90, lat + d)))
    ELSE (
      SELECT CASE
        WHEN lng - dlng < -180 OR lng + dlng > 180 THEN box(point(-180, lat - d), point(180, lat + d))
        ELSE box(point(lng - dlng, lat - d), point(lng + dlng, lat + d))
      END
      -- The widest a spherical cap of angular radius d gets, plus a hair for rounding.
      FROM (SELECT degrees(asin(least(1, sin(radians(d)) / cos(radians(lat))))) * 1.000001 + 1e-9 AS dlng) AS w
    )
  END
  FROM (SELECT degrees(radius / 6371008.8) * 1.000001 + 1e-9 AS d) AS r
$$;

ALTER TABLE places ADD COLUMN coverage box GENERATED ALWAYS AS (
  karta_coverage_box(karta_public_lat(lat, location_privacy), karta_public_lng(lat, lng, location_privacy), radius)
) STORED;

CREATE INDEX places_published_coverage_idx ON places USING gist (coverage)
  WHERE status = 'published' AND radius IS NOT NULL;

-- Substring search needs trigrams (pg_trgm: in PGlite's contrib, loaded by pglite-worker.ts, and
-- in PostgreSQL's contrib). Where the extension cannot be created, search still answers the
-- same, by scanning.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE WARNING 'pg_trgm is not available (%): place search will scan instead of using an index', SQLERRM;
END
$$;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX places_search_text_trgm_idx ON places USING gin (search_text gin_trgm_ops);
  END IF;
END
$$;
