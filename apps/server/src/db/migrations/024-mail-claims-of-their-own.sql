-- Each claim of outbox messages carries a token of its sender's round, so a sender sends and marks
-- only what it still holds: before each message it renews its claim (and skips a message whose
-- claim lapsed and was taken by another sender meanwhile), and marking sent or failed checks the
-- token too. Without it, a sender slowed by its SMTP server past the lease sent messages another
-- instance had claimed and sent too (mail/mail-sender.ts).
ALTER TABLE mail_outbox ADD COLUMN claim_token uuid;
