import type { Queryable } from '../db/database.ts';

/** One e-mail to send: written to the outbox with the event that causes it (see 015-mail-outbox.sql). */
export interface OutgoingMail {
  /** Unique per event and recipient (`reset:<token id>`): writing it twice keeps one. */
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
  /** Not sent at all after this (a link that will have expired). */
  expiresAt?: Date;
}

/** A message a sender has claimed: it holds it until `claimed_until`. */
export interface ClaimedMail extends OutgoingMail {
  id: number;
  /** Attempts so far, this one included. */
  attempts: number;
}

/**
 * Adds `mail` to the outbox; call it with the transaction of the event, so the message exists
 * exactly when the event committed. Returns false when a message with its key was already there.
 */
export async function enqueueMail(db: Queryable, mail: OutgoingMail): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO mail_outbox (idempotency_key, recipient, subject, text_body, html_body, headers, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING id`,
    [
      mail.key,
      mail.to,
      mail.subject,
      mail.text,
      mail.html,
      JSON.stringify(mail.headers ?? {}),
      mail.expiresAt?.toISOString() ?? null,
    ],
  );
  return rows.length > 0;
}

interface OutboxRow {
  id: string | number;
  idempotency_key: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string> | string;
  attempts: number;
}

/** The sender's side of the outbox: claim what is due, then mark each sent or due again later. */
export function createOutbox(db: Queryable) {
  return {
    /**
     * Claims up to `limit` unsent messages that are due and not held by a live claim, for
     * `leaseMs`. One statement, rows locked with SKIP LOCKED: two senders never claim the same.
     */
    async claimDue(limit: number, leaseMs: number): Promise<ClaimedMail[]> {
      const { rows } = await db.query<OutboxRow>(
        `UPDATE mail_outbox SET claimed_until = now() + $2 * interval '1 millisecond', attempts = attempts + 1
         WHERE id IN (
           SELECT id FROM mail_outbox
           WHERE sent_at IS NULL AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
             AND (expires_at IS NULL OR expires_at > now())
           ORDER BY next_attempt_at, id
           LIMIT $1
           FOR UPDATE SKIP LOCKED
         )
         RETURNING id, idempotency_key, recipient, subject, text_body, html_body, headers, attempts`,
        [limit, leaseMs],
      );
      return rows
        .map((row) => ({
          id: Number(row.id),
          key: row.idempotency_key,
          to: row.recipient,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          headers: typeof row.headers === 'string' ? JSON.parse(row.headers) : row.headers,
          attempts: row.attempts,
        }))
        .sort((a, b) => a.id - b.id);
    },

    /** Sent: the bodies go (they may hold a link's token); the key stays, so it is never sent again. */
    async markSent(id: number): Promise<void> {
      await db.query(
        `UPDATE mail_outbox SET sent_at = now(), claimed_until = NULL, last_error = NULL, text_body = '', html_body = ''
         WHERE id = $1`,
        [id],
      );
    },

    /** Due again after `retryInMs`, with why it failed; `null` gives the message up (it expires now). */
    async markFailed(id: number, error: string, retryInMs: number | null): Promise<void> {
      await db.query(
        `UPDATE mail_outbox SET claimed_until = NULL, last_error = $2,
           next_attempt_at = now() + coalesce($3, 0) * interval '1 millisecond',
           expires_at = CASE WHEN $3::float8 IS NULL THEN now() ELSE expires_at END
         WHERE id = $1`,
        [id, error.slice(0, 500), retryInMs],
      );
    },

    /** Messages waiting to be sent, expired ones left out (health, tests). */
    async waiting(): Promise<number> {
      const { rows } = await db.query<{ n: string | number }>(
        `SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      );
      return Number(rows[0]?.n ?? 0);
    },

    /**
     * Housekeeping: expired messages lose their bodies, and rows older than `keepDays` go (their
     * events are long past, so their keys will not come again).
     */
    async tidy(keepDays: number): Promise<void> {
      await db.query(
        `UPDATE mail_outbox SET text_body = '', html_body = ''
         WHERE sent_at IS NULL AND expires_at <= now() AND text_body <> ''`,
      );
      await db.query(`DELETE FROM mail_outbox WHERE created_at < now() - make_interval(days => $1)`, [
        keepDays,
      ]);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
