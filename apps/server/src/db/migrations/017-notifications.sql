-- Who is told what by e-mail (issue 15).

-- The language a user's e-mail is written in (the interface language they registered in).
ALTER TABLE users ADD COLUMN mail_language text CHECK (mail_language ~ '^[a-z]{2,3}$');
-- When the user proved the address is theirs; accounts from before verification count as proven.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
UPDATE users SET email_verified_at = created_at;
-- Moderators: new proposals and flags at once, in a daily digest, or not at all.
ALTER TABLE users ADD COLUMN review_mail text NOT NULL DEFAULT 'immediate'
  CHECK (review_mail IN ('immediate', 'daily', 'off'));
-- Until when the last daily digest covered the queue.
ALTER TABLE users ADD COLUMN review_digest_until timestamptz;
-- Contributors: an e-mail when a moderator publishes or rejects their proposal.
ALTER TABLE users ADD COLUMN decision_mail boolean NOT NULL DEFAULT true;

-- Links that prove an address (sent after registration); only the token's SHA-256 is kept.
CREATE TABLE email_verifications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_verifications_user_idx ON email_verifications (user_id);

-- The unsubscribe link of one message: which list of which user it ends (or which follow, see
-- 018), without naming the address in the link. Only the token's SHA-256 is kept.
CREATE TABLE unsubscribe_links (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  user_id bigint REFERENCES users (id) ON DELETE CASCADE,
  list text NOT NULL CHECK (list IN ('review', 'decisions', 'follow')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX unsubscribe_links_created_idx ON unsubscribe_links (created_at);
-- The daily digest finds what is new in the queue by time.
CREATE INDEX flags_created_idx ON flags (created_at);
