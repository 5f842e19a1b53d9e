-- Scheduled imports (docs/decisions/033-scheduled-imports.md): a partner's CSV or GeoJSON list,
-- fetched every few hours by a job and imported with the file importer, what vanished archived.
CREATE TABLE import_sources (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  url text NOT NULL CHECK (length(url) <= 2000),
  format text NOT NULL CHECK (format IN ('csv', 'geojson')),
  -- The slug given to rows without a category.
  category text NOT NULL,
  every_hours integer NOT NULL CHECK (every_hours BETWEEN 1 AND 168),
  on_missing text NOT NULL CHECK (on_missing IN ('archive', 'keep')),
  trusted boolean NOT NULL,
  -- { karta column: the source's column }
  columns jsonb NOT NULL DEFAULT '{}',
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When the periodic tick next adds a run.
  next_run_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX import_sources_due_idx ON import_sources (next_run_at);

CREATE TABLE import_source_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source_id bigint NOT NULL REFERENCES import_sources (id) ON DELETE CASCADE,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  -- NULL while it runs.
  outcome text CHECK (outcome IN ('imported', 'not_modified', 'failed')),
  error text CHECK (length(error) <= 1000),
  created integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  archived integer NOT NULL DEFAULT 0,
  unchanged integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  -- Changes of an untrusted source to places already reviewed, not applied (their external ids).
  held jsonb NOT NULL DEFAULT '[]',
  -- The refused rows of a failed run, the first few: [{ row, errors }].
  refused jsonb NOT NULL DEFAULT '[]',
  -- The validators the answer carried, sent back on the next fetch.
  etag text CHECK (length(etag) <= 500),
  last_modified text CHECK (length(last_modified) <= 100)
);
CREATE INDEX import_source_runs_source_idx ON import_source_runs (source_id, id DESC);

-- The places a source created or matched: what a fetch without them has lost upstream.
CREATE TABLE import_source_places (
  source_id bigint NOT NULL REFERENCES import_sources (id) ON DELETE CASCADE,
  place_id bigint NOT NULL REFERENCES places (id) ON DELETE CASCADE,
  external_id text NOT NULL,
  -- Archived by this source because it vanished upstream (not by a moderator).
  archived_by_source boolean NOT NULL DEFAULT false,
  PRIMARY KEY (source_id, place_id)
);
CREATE INDEX import_source_places_place_idx ON import_source_places (place_id);

-- Which scheduled import wrote a history entry ("import: <source name>"); NULL for everything else.
ALTER TABLE place_history ADD COLUMN origin text CHECK (length(origin) <= 300);
