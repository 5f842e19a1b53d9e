-- Search that finds what people type (issue 12, decision 016). Runs on PGlite and PostgreSQL 15+.

-- Text folded as karta_fold does, after spelling out the letters that are commonly written as two:
-- ü → ue, ö → oe, ä → ae, å → aa, ø → oe, æ → ae, œ → oe, ß → ss, đ → dj ("Düsseldorf" →
-- "duesseldorf", "Đakovo" → "djakovo"). A letter-by-letter mapping, so a text that holds the query
-- still holds it once both are spelled out. Lower case first, so capitals are spelled out too.
CREATE FUNCTION karta_fold_spelled(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT karta_fold(replace(replace(replace(replace(replace(replace(replace(replace(replace(
    lower(normalize(value, NFC)),
    'ü', 'ue'), 'ö', 'oe'), 'ä', 'ae'), 'å', 'aa'), 'ø', 'oe'), 'æ', 'ae'), 'œ', 'oe'), 'ß', 'ss'), 'đ', 'dj'))
$$;

-- Whether spelling out changes anything: most texts hold none of these letters, and then the
-- spelled-out form is not stored a second time. The combining diaeresis and ring catch ü, ö, ä
-- and å written decomposed, without normalizing every text (which cost a tenth of the inserts).
CREATE FUNCTION karta_has_spellings(value text) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT value ~ '[üöäåøæœßđÜÖÄÅØÆŒẞĐ\u0308\u030A]'
$$;

-- The texts of a {"hr": …, "en": …} object, folded (as karta_fold_texts), each followed by its
-- spelled-out form where that differs: `|koln|koeln|`-style pieces with `|` between them.
CREATE FUNCTION karta_fold_texts_spelled(texts jsonb) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN karta_has_spellings(texts::text)
    THEN karta_fold_texts(texts) || '|' || replace(
      karta_fold_spelled(replace(replace(jsonb_path_query_array(texts, '$.*')::text, '\n', ' '), '", "', chr(31))),
      chr(31), '|')
    ELSE karta_fold_texts(texts) END
$$;

-- Every name, folded, plain and spelled out, each between `|`: `|koln|cologne|koeln|`. A name
-- starts after a `|` and a word after a `|` or a space (ranking tells them apart).
CREATE FUNCTION karta_search_names_spelled(name jsonb) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT '|' || karta_fold_texts_spelled(name) || '|'
$$;

CREATE FUNCTION karta_search_text_spelled(name jsonb, description jsonb, address text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT karta_search_names_spelled(name) || coalesce(karta_fold_texts_spelled(description), '') || '|'
    || coalesce(CASE WHEN karta_has_spellings(address)
                  THEN karta_fold(address) || '|' || karta_fold_spelled(address)
                  ELSE karta_fold(address) END, '') || '|'
$$;

-- The columns of migration 004, now with the spelled-out forms (their trigram index goes with them).
ALTER TABLE places DROP COLUMN search_text, DROP COLUMN search_name;
ALTER TABLE places
  ADD COLUMN search_name text GENERATED ALWAYS AS (karta_search_names_spelled(name)) STORED,
  ADD COLUMN search_text text GENERATED ALWAYS AS (karta_search_text_spelled(name, description, address)) STORED;

-- Trigram indexes: on the whole text for the filter (every word somewhere), on the names for the
-- rank classes (a name, or a word of one, beginning with the query) and for typos (`%>`).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX places_search_text_trgm_idx ON places USING gin (search_text gin_trgm_ops);
    CREATE INDEX places_search_name_trgm_idx ON places USING gin (search_name gin_trgm_ops);
  END IF;
END
$$;

-- Every name as an array element, for the exact-name rank: a trigram probe for "|ljekarna|" reads
-- every name with the word "ljekarna" in it, this reads only the names that are that word. On the
-- stored column, so nothing is folded twice; queries spell out the same expression. Without
-- GIN's pending list (fastupdate): a few entries a place cost little to insert at once, and a list
-- that only VACUUM empties (PGlite has no autovacuum) made every exact probe read it (5 ms).
CREATE INDEX places_names_idx ON places USING gin ((string_to_array(btrim(search_name, '|'), '|')))
  WITH (fastupdate = off);

-- The words of every name, folded (plain and spelled out), once each: the vocabulary a typo is
-- corrected against (decision 016). Far fewer rows than places (a million places named from a few
-- thousand words), so a similarity search over it stays cheap where one over the places' names
-- reads every place sharing a common trigram. Filled by statement triggers as places are written;
-- a word whose places are gone stays (it then finds nothing).
CREATE TABLE place_words (word text PRIMARY KEY);

CREATE FUNCTION karta_add_place_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO place_words (word)
  SELECT DISTINCT w FROM new_rows, regexp_split_to_table(btrim(new_rows.search_name, '|'), '[| ]+') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER places_words_insert AFTER INSERT ON places
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION karta_add_place_words();
CREATE TRIGGER places_words_update AFTER UPDATE ON places
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION karta_add_place_words();

INSERT INTO place_words (word)
SELECT DISTINCT w FROM places, regexp_split_to_table(btrim(places.search_name, '|'), '[| ]+') AS w
WHERE length(w) >= 3
ON CONFLICT DO NOTHING;

-- Up to `max_rows` words of the vocabulary most like the folded word `query` (pg_trgm's
-- similarity), best first: first among those at least 0.5 alike, then, while fewer than half of
-- `max_rows` are found, 0.3 and 0.2 ("belgarde" is 0.29 like "belgrade"; the edits decide later,
-- typo-rank.ts). The threshold is set for this statement only (set_config(…, true) lasts to the
-- end of its transaction), because `%` takes it from the session, not as an operand. Without
-- pg_trgm: no words, so no typos.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX place_words_trgm_idx ON place_words USING gin (word gin_trgm_ops) WITH (fastupdate = off);
    -- enable_seqscan off: without statistics (PGlite runs no autovacuum) the planner read all
    -- 108 000 words of a world gazetteer one by one (0.4 s) instead of asking the index.
    CREATE FUNCTION karta_similar_words(query text, max_rows integer) RETURNS text[]
    LANGUAGE plpgsql VOLATILE SET enable_seqscan = off AS $body$
    DECLARE
      words text[];
      threshold text;
    BEGIN
      FOREACH threshold IN ARRAY ARRAY['0.5', '0.3', '0.2'] LOOP
        PERFORM set_config('pg_trgm.similarity_threshold', threshold, true);
        words := ARRAY(
          SELECT w.word FROM place_words w WHERE w.word % query
          ORDER BY similarity(w.word, query) DESC, w.word LIMIT max_rows);
        EXIT WHEN cardinality(words) * 2 >= max_rows;
      END LOOP;
      RETURN words;
    END
    $body$;
  ELSE
    CREATE FUNCTION karta_similar_words(query text, max_rows integer) RETURNS text[]
    LANGUAGE sql IMMUTABLE AS $body$ SELECT '{}'::text[] $body$;
  END IF;
END
$$;
