-- Idempotent writes: a client may name a write with an `Idempotency-Key` header, so a write sent
-- again (an offline draft re-sent after its answer was lost) answers with the first write's
-- result instead of writing twice. One row a key, per user and endpoint; kept 30 days.
CREATE TABLE idempotent_writes (
  -- A user's keys go with the user: nobody else can send them.
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The contract's endpoint name (`createPlace`, `uploadPhoto`): one key may name one write of each.
  endpoint text NOT NULL,
  key text NOT NULL CHECK (key ~ '^[A-Za-z0-9_-]{8,128}$'),
  -- What the first request asked for (a SHA-256 of it): the same key with another request is refused.
  request_hash text NOT NULL,
  -- The place or photo written. Null only inside the writing transaction, between the key's claim
  -- and the write (a second request with the key waits on the claim until the first ends).
  result_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Also the index of "this user's keys", which expiry deletes by.
  PRIMARY KEY (user_id, endpoint, key)
);
