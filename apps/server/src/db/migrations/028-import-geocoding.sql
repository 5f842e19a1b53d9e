-- Background look-ups of an import's addresses (decision 026): a dry run of a file whose rows have
-- an address and no position starts one for the addresses the geocoder has not answered yet, and
-- its moderator watches its progress; the answers themselves go to geocode_cache, where the import
-- then finds them all at once.
CREATE TABLE import_geocodings (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id bigint REFERENCES users (id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done', 'failed')),
  total integer NOT NULL CHECK (total >= 0),
  done integer NOT NULL DEFAULT 0 CHECK (done >= 0),
  not_found integer NOT NULL DEFAULT 0 CHECK (not_found >= 0),
  started_at timestamptz NOT NULL DEFAULT now(),
  -- A running look-up not heard of for a while was stopped with its process: shown as failed.
  updated_at timestamptz NOT NULL DEFAULT now()
);
