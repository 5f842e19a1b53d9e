-- Follows (issue 15 §3): anyone may follow an area or a spot by e-mail, without an account. A
-- follow sends nothing but its confirmation until that link is followed (double opt-in).
CREATE TABLE follows (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL CHECK (length(email) <= 254),
  -- The address as compared: follows per address are counted by it.
  email_key text NOT NULL CHECK (email_key = lower(email_key)),
  -- An area: a box (west > east crosses the antimeridian); a spot: a point and the covers rule.
  kind text NOT NULL CHECK (kind IN ('area', 'spot')),
  west double precision,
  south double precision,
  east double precision,
  north double precision,
  lat double precision,
  lng double precision,
  -- Category slugs to keep; null keeps every category.
  categories text[] CHECK (cardinality(categories) BETWEEN 1 AND 50),
  frequency text NOT NULL CHECK (frequency IN ('daily', 'weekly')),
  language text NOT NULL CHECK (language ~ '^[a-z]{2,3}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The confirmation link's token hash, until it is followed.
  confirm_token_hash text UNIQUE CHECK (confirm_token_hash ~ '^[0-9a-f]{64}$'),
  confirmed_at timestamptz,
  -- Until when the last digest covered the follow's changes.
  digest_until timestamptz,
  CHECK (
    (kind = 'area' AND west IS NOT NULL AND south IS NOT NULL AND east IS NOT NULL AND north IS NOT NULL
      AND lat IS NULL AND lng IS NULL)
    OR (kind = 'spot' AND lat IS NOT NULL AND lng IS NOT NULL AND west IS NULL)
  ),
  CHECK ((confirmed_at IS NULL) <> (confirm_token_hash IS NULL))
);
CREATE INDEX follows_email_idx ON follows (email_key);
-- Digests read the confirmed follows that are due.
CREATE INDEX follows_due_idx ON follows (frequency, digest_until) WHERE confirmed_at IS NOT NULL;

-- A link to see and end every follow of an address (sent in each follow e-mail); it names no
-- address. Only the token's hash is kept.
CREATE TABLE follow_manage_links (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  email_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX follow_manage_links_created_idx ON follow_manage_links (created_at);

-- A follow's unsubscribe link ends that follow.
ALTER TABLE unsubscribe_links ADD COLUMN follow_id bigint REFERENCES follows (id) ON DELETE CASCADE;
ALTER TABLE unsubscribe_links ADD CHECK ((list = 'follow') = (follow_id IS NOT NULL AND user_id IS NULL));
