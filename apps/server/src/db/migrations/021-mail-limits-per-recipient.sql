-- Limits on the mail anyone can have sent to an address (a reset link, a verification link, a
-- follow's confirmation) are counted in the outbox itself, not in a process's memory: every
-- instance sees the same count, and a restart forgets nothing (decision 023). A message's kind is
-- the first part of its idempotency key (`password-reset` of `password-reset.12`), and its
-- recipient is compared as follows compare addresses (trimmed, lower case: addresses are ASCII).
ALTER TABLE mail_outbox
  ADD COLUMN recipient_key text GENERATED ALWAYS AS (lower(btrim(recipient))) STORED,
  ADD COLUMN mail_kind text GENERATED ALWAYS AS (split_part(idempotency_key, '.', 1)) STORED;
-- "How many of this kind went to this address lately": one index range per question.
CREATE INDEX mail_outbox_recipient_kind_idx ON mail_outbox (recipient_key, mail_kind, created_at);
