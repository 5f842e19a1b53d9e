-- Each change-log row names the transaction that wrote it, so a reader can ask "what committed
-- since my last look" with snapshots (pg_current_snapshot / pg_visible_in_snapshot) instead of
-- "which ids are above my last one": bigserial ids are taken before commit, so on PostgreSQL a
-- transaction holding id 10 can commit after id 11 was read, and an id cursor would skip it.
-- Existing rows get this migration's transaction, which every later snapshot sees as committed.
ALTER TABLE place_changes ADD COLUMN xid xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX place_changes_xid_idx ON place_changes (xid);
