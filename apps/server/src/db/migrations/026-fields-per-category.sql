-- Fields per category (README, "Adding a field to a category"; decision 025). A category defines
-- its fields in display order; `removed_fields` keeps the definitions of fields taken out, whose
-- values places still hold (hidden) until an admin purges them. `filter_types` is the filterable
-- fields' types by key ({"indoor": "boolean"}): what the map index and offline packs carry of a
-- place's values, kept by the category repository with `fields`.
ALTER TABLE categories
  ADD COLUMN fields jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN removed_fields jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN filter_types jsonb NOT NULL DEFAULT '{}';

-- A place's values by field key: `extra` holds only fields its category has now; `hidden_extra`
-- the values of removed fields (or of a former category's), kept so no edit loses what was saved.
ALTER TABLE places
  ADD COLUMN extra jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN hidden_extra jsonb NOT NULL DEFAULT '{}';

-- Filters on published places' values (`extra @> {"indoor": true}`) in lists and exports.
CREATE INDEX places_published_extra ON places USING gin (extra jsonb_path_ops) WHERE status = 'published';

-- The filterable values of a place as the map index and offline packs hold them: only the keys of
-- `types`, yes/no as the text 'true'/'false', dates as days since 1970-01-01; NULL when none.
CREATE FUNCTION karta_filter_values(extra jsonb, types jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN extra = '{}'::jsonb OR types = '{}'::jsonb THEN NULL ELSE (
      SELECT jsonb_object_agg(e.key, CASE types ->> e.key
          WHEN 'date' THEN to_jsonb((e.value #>> '{}')::date - DATE '1970-01-01')
          WHEN 'boolean' THEN to_jsonb(e.value #>> '{}')
          ELSE e.value END)
      FROM jsonb_each(extra) AS e WHERE types ? e.key) END
  $$;
