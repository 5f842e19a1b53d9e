-- Imports on PGlite are written batch by batch, each batch committed at once into these tables,
-- which no read selects; the import is then published batch by batch in short transactions, so
-- reads keep answering during a long import (PGlite runs one transaction at a time). A run is
-- deleted once published. What a stopped process left: a run still `staging` is deleted, one
-- `publishing` is published to its end (decision 018).
CREATE TABLE import_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  state text NOT NULL DEFAULT 'staging' CHECK (state IN ('staging', 'publishing')),
  -- The status created places get, and who imports (their author, the actor in their history).
  status text NOT NULL CHECK (status IN ('pending', 'published')),
  actor_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- Batches are published in order: the last one published, so a restart goes on after it.
  published_seq integer NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE import_batches (
  run_id bigint NOT NULL REFERENCES import_runs (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq > 0),
  -- The rows as the import's writes take them (`jsonb_to_recordset`).
  creates jsonb NOT NULL,
  updates jsonb NOT NULL,
  PRIMARY KEY (run_id, seq)
);
