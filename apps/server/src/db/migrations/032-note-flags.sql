-- Reports on notes (decision 027): a flag may be about a note of the place, as one may be about a
-- photo of it, with reasons of its own.
ALTER TABLE flags ADD COLUMN note_id bigint REFERENCES place_notes (id) ON DELETE CASCADE;
ALTER TABLE flags ADD CHECK (photo_id IS NULL OR note_id IS NULL);
ALTER TABLE flags DROP CONSTRAINT flags_reason_check;
ALTER TABLE flags ADD CONSTRAINT flags_reason_check CHECK (
  (photo_id IS NULL AND note_id IS NULL AND reason IN ('does_not_exist', 'wrong_information', 'duplicate', 'inappropriate'))
  OR (photo_id IS NOT NULL AND reason IN ('not_this_place', 'private_person', 'offensive', 'copyright'))
  OR (note_id IS NOT NULL AND reason IN ('spam', 'offensive', 'wrong_information', 'private_person'))
);
CREATE INDEX flags_note_idx ON flags (note_id) WHERE note_id IS NOT NULL;
