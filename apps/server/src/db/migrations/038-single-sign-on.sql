-- Single sign-on through OpenID Connect providers (docs/decisions/034-single-sign-on.md).

-- A person's identity at a provider, linked to one account. A person is found by (issuer,
-- subject) only, never by e-mail: the e-mail is what the provider said when the link was made.
CREATE TABLE sso_identities (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The provider's name in Karta's settings (OIDC_<NAME>_*), lower case.
  provider text NOT NULL CHECK (provider ~ '^[a-z0-9]{1,32}$'),
  issuer text NOT NULL CHECK (length(issuer) BETWEEN 1 AND 2000),
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  email text CHECK (length(email) <= 254),
  linked_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (issuer, subject)
);
-- The account page lists a user's identities.
CREATE INDEX sso_identities_user_idx ON sso_identities (user_id);

-- A sign-in under way at a provider: what the callback checks, used once (deleted as it is read).
-- The browser that started it holds a random token whose SHA-256 is `browser_hash`, so a callback
-- URL opened in another browser (a planted sign-in) is refused.
CREATE TABLE sso_attempts (
  state text PRIMARY KEY CHECK (length(state) BETWEEN 16 AND 128),
  browser_hash text NOT NULL CHECK (browser_hash ~ '^[0-9a-f]{64}$'),
  provider text NOT NULL,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  return_to text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sso_attempts_expires_idx ON sso_attempts (expires_at);

-- An identity whose e-mail belongs to an account the provider may not vouch for: it is linked
-- when that account signs in with its password in the same browser within ten minutes.
CREATE TABLE sso_pending_links (
  browser_hash text PRIMARY KEY CHECK (browser_hash ~ '^[0-9a-f]{64}$'),
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  issuer text NOT NULL,
  subject text NOT NULL,
  email text,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sso_pending_links_expires_idx ON sso_pending_links (expires_at);
