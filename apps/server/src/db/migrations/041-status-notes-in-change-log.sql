-- A place's answer carries its current status note, and the server keeps the answers of published
-- places in memory until the change log names them (decision 037). So a status note that becomes
-- published, or stops being so (hidden, removed, its author gone), or a published one that is
-- changed, is logged as a change of its place, by triggers as every place change is: no code path
-- can publish a note and leave a kept answer without it. Notes that are not published status notes
-- on either side of a change are not logged.
CREATE FUNCTION karta_log_status_note_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  logged bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO place_changes (place_id)
      SELECT DISTINCT place_id FROM new_rows WHERE kind = 'status' AND state = 'published';
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO place_changes (place_id)
      SELECT DISTINCT place_id FROM old_rows WHERE kind = 'status' AND state = 'published';
  ELSE
    INSERT INTO place_changes (place_id)
      SELECT place_id FROM new_rows WHERE kind = 'status' AND state = 'published'
      UNION
      SELECT place_id FROM old_rows WHERE kind = 'status' AND state = 'published';
  END IF;
  GET DIAGNOSTICS logged = ROW_COUNT;
  IF logged > 0 THEN
    PERFORM pg_notify('karta_place_changes', '');
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER place_notes_log_insert AFTER INSERT ON place_notes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION karta_log_status_note_changes();
CREATE TRIGGER place_notes_log_update AFTER UPDATE ON place_notes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION karta_log_status_note_changes();
CREATE TRIGGER place_notes_log_delete AFTER DELETE ON place_notes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION karta_log_status_note_changes();
