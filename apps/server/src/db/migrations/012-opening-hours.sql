-- Opening hours (issue 14, decision 022): OpenStreetMap's `opening_hours` syntax, checked by
-- opening_hours.js when written; at most 255 characters, OpenStreetMap's own bound for a value.
ALTER TABLE places ADD COLUMN opening_hours text CHECK (length(opening_hours) <= 255);
