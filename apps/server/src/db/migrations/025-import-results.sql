-- What became of each import that wrote places, for the moderators' import page (decision 018):
-- above all of one whose client got no answer because the process stopped, and which the next
-- start published to its end (or dropped, when it was still staging).
CREATE TABLE import_results (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id bigint REFERENCES users (id) ON DELETE SET NULL,
  status text NOT NULL CHECK (status IN ('pending', 'published')),
  outcome text NOT NULL CHECK (outcome IN ('published', 'published_after_restart', 'dropped_after_restart')),
  -- Null for a run dropped while staging: its rows were never all read.
  created integer CHECK (created >= 0),
  updated integer CHECK (updated >= 0),
  unchanged integer CHECK (unchanged >= 0),
  started_at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX import_results_newest ON import_results (finished_at DESC, id DESC);

-- A run's counts, known once every row is accepted, so a run published after a restart has them.
ALTER TABLE import_runs ADD COLUMN created integer, ADD COLUMN updated integer, ADD COLUMN unchanged integer;
