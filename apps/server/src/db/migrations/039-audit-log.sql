-- The audit log (docs/decisions/035-audit-log.md): one row per moderator's or admin's action (and
-- per API token made or revoked), written by audit/record-audit.ts in the action's own
-- transaction, so a refused or failed action leaves none and a committed one always has its row.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The database's clock, as every other timestamp here.
  at timestamptz NOT NULL DEFAULT now(),
  -- No foreign key: the log outlives the account. A deleted actor is shown by id alone. NULL: the
  -- system itself (a scheduled job).
  actor_id bigint,
  -- The role the actor acted with (a token without `moderate` acts as a contributor).
  actor_role text CHECK (actor_role IN ('contributor', 'moderator', 'admin')),
  via text NOT NULL CHECK (via IN ('session', 'token', 'system')),
  action text NOT NULL CHECK (action ~ '^[a-z_]+\.[a-z_]+$'),
  object_type text NOT NULL CHECK (object_type ~ '^[a-z_]+$'),
  -- Text, since some objects are named rather than numbered (a category's field key).
  object_id text CHECK (length(object_id) <= 200),
  reason text CHECK (length(reason) <= 2000),
  -- What changed, before and after; never secrets, tokens or password hashes.
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, id DESC);
CREATE INDEX audit_log_object_idx ON audit_log (object_type, object_id, id DESC);
CREATE INDEX audit_log_at_idx ON audit_log (at);

-- Append-only: nothing in the log can be edited or removed through SQL the application sends. An
-- operator who prunes old rows drops this trigger for the purpose (README, "Audit log").
CREATE FUNCTION karta_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The audit log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION karta_audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION karta_audit_log_append_only();
