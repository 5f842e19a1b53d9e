-- Registration by e-mail: with mail on, registering writes a pending registration and e-mails a
-- link; the account is made only when the link is followed, so the answer to registering never
-- tells whether an address has an account, and nobody can hold an address they cannot read.
-- Only the link's SHA-256 is kept, as for every link; the password is kept as its hash, as in
-- `users`. Rows go when followed (with every other pending registration of the address) or past
-- their day.
CREATE TABLE pending_registrations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  email text NOT NULL,
  display_name text NOT NULL,
  password_hash text NOT NULL,
  mail_language text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pending_registrations_email_idx ON pending_registrations (lower(email));
CREATE INDEX pending_registrations_expiry_idx ON pending_registrations (expires_at);
