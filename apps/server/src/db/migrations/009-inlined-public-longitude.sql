-- An insert computes a place's public longitude three times (public_lng, location, coverage).
-- Migration 001's karta_public_lng named its grid step in a sub-select, and a SQL function with a
-- sub-select is never inlined by the planner: every call ran through the SQL-function executor,
-- about 20 µs of an imported row's ~265 µs of database work (decision 018). The same expression
-- with the step written out twice has no sub-select and is inlined. Same operations in the same
-- order, so the same value for every input: no stored row changes (public-longitude.test.ts
-- compares it with 001's over a grid of positions).
CREATE OR REPLACE FUNCTION karta_public_lng(lat double precision, lng double precision, privacy text)
RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN privacy IN ('100m', '1km') THEN least(180, greatest(-180,
      -- Cells are about as wide as they are high: the longitude step grows towards the poles.
      (floor(lng / ((CASE privacy WHEN '100m' THEN 0.001 ELSE 0.01 END)
                    / greatest(cos(radians(karta_public_lat(lat, privacy))), 0.01))) + 0.5)
      * ((CASE privacy WHEN '100m' THEN 0.001 ELSE 0.01 END)
         / greatest(cos(radians(karta_public_lat(lat, privacy))), 0.01))))
    ELSE lng
  END
$$;
