-- Answers of a remote geocoder (Nominatim, Photon), kept 30 days (decision 026): a query asked
-- again sends nothing upstream, which the public services' usage policies ask for. The key is a
-- SHA-256 of the request (provider, URL, kind and parameters), so what visitors typed is not
-- stored as text.
CREATE TABLE geocode_cache (
  key text PRIMARY KEY,
  answer jsonb NOT NULL,
  stored_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX geocode_cache_stored_at_idx ON geocode_cache (stored_at);
