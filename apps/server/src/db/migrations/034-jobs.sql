-- One queue for all background work (docs/decisions/031-one-job-queue.md): sending each e-mail,
-- the digests and alerts, tidying, looking an import's addresses up. Any instance claims due jobs
-- (FOR UPDATE SKIP LOCKED: each goes to one) for a lease, which it renews while it works; a job
-- whose instance died is due again when its lease has run out. A failure is retried after a wait
-- that grows with each attempt, up to the kind's number of attempts; then the job is dead, kept
-- for an admin to read and retry.
CREATE TABLE jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9._-]{0,63}$'),
  payload jsonb NOT NULL DEFAULT '{}',
  -- At most one job per key, ever (until tidied): one per outbox message, one per periodic tick.
  unique_key text UNIQUE CHECK (length(unique_key) <= 200),
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'dead')),
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer NOT NULL CHECK (max_attempts >= 1),
  -- The running attempt's token: an instance finishes only a job that still carries its own.
  lease_token uuid,
  leased_until timestamptz,
  -- Which instance holds (or last held) it: its host name and process id.
  leased_by text CHECK (length(leased_by) <= 200),
  -- Why the last attempt failed, short and without personal data.
  last_error text CHECK (length(last_error) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- What is due, or running with a lease that may have run out.
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE state IN ('queued', 'running');
-- Finished jobs are deleted by age.
CREATE INDEX jobs_finished_idx ON jobs (finished_at) WHERE state IN ('done', 'dead');

-- The outbox keeps the messages; sending them is a job each now, which holds the attempts, the
-- claims and the waits between attempts.
INSERT INTO jobs (kind, payload, unique_key, run_at, attempts, max_attempts)
SELECT 'mail.send', jsonb_build_object('mailId', id), 'mail:' || id, next_attempt_at, attempts, greatest(30, attempts + 1)
FROM mail_outbox
WHERE sent_at IS NULL AND (expires_at IS NULL OR expires_at > now());
DROP INDEX mail_outbox_due_idx;
ALTER TABLE mail_outbox DROP COLUMN attempts, DROP COLUMN next_attempt_at, DROP COLUMN claimed_until,
  DROP COLUMN claim_token;
