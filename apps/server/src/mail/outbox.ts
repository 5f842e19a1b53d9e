import type { Queryable } from '../db/database.ts';
import { enqueueJob } from '../jobs/job-queue.ts';

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

/** At most `max` messages of a kind to one address within `withinSeconds`. */
export interface RecipientLimit {
  max: number;
  withinSeconds: number;
}

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/**
 * The messages anyone can have sent to an address by typing it into a form, by kind (a key's
 * first part, see {@link mailKind}): per recipient address, whoever asks and from wherever.
 * Counted from the outbox's own rows (migration 021), so every instance sees one count and a
 * restart forgets nothing. A message past a limit is not written; what the request answers is
 * its feature's choice (a reset answers as if it were sent). Follow confirmations are bounded by
 * the follows waiting for confirmation instead (follows/follow-repository.ts).
 */
export const RECIPIENT_LIMITS: Readonly<Record<string, readonly RecipientLimit[]>> = {
  /** "Forgot your password?": 3 an hour, 10 a day. */
  'password-reset': [
    { max: 3, withinSeconds: HOUR },
    { max: 10, withinSeconds: DAY },
  ],
  /** The address's verification link, at registration and "Send again": 3 an hour, 10 a day. */
  'verify-email': [
    { max: 3, withinSeconds: HOUR },
    { max: 10, withinSeconds: DAY },
  ],
  /** Registering by e-mail: the link that makes the account, or "someone tried" to an address with one. */
  registration: [
    { max: 3, withinSeconds: HOUR },
    { max: 10, withinSeconds: DAY },
  ],
  'registration-taken': [
    { max: 3, withinSeconds: HOUR },
    { max: 10, withinSeconds: DAY },
  ],
};

/** A message's kind: the first part of its key (`password-reset` of `password-reset.12`). */
export function mailKind(key: string): string {
  return key.split('.', 1)[0] ?? key;
}

/** An address as the outbox compares recipients (its `recipient_key`): trimmed, lower case. */
export function recipientKey(address: string): string {
  return address.trim().toLowerCase();
}

/** Whether one more message of `kind` may go to `to` now; if not, in how many seconds it may. */
export type Allowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Whether `to` may be sent one more message of `kind` under {@link RECIPIENT_LIMITS}: the ages of
 * its latest such messages, read in the database's clock, against each window. Exact only under
 * the recipient's lock (as `enqueueMail` takes it); elsewhere a forecast.
 */
export async function recipientAllowance(db: Queryable, to: string, kind: string): Promise<Allowance> {
  const limits = RECIPIENT_LIMITS[kind];
  if (!limits || limits.length === 0) return { allowed: true };
  const longest = Math.max(...limits.map((limit) => limit.withinSeconds));
  const most = Math.max(...limits.map((limit) => limit.max));
  const { rows } = await db.query<{ age: number | string }>(
    `SELECT extract(epoch FROM now() - created_at)::float8 AS age FROM mail_outbox
     WHERE recipient_key = $1 AND mail_kind = $2 AND created_at > now() - make_interval(secs => $3)
     ORDER BY created_at DESC
     LIMIT $4`,
    [recipientKey(to), kind, longest, most],
  );
  const ages = rows.map((row) => Number(row.age));
  let wait = 0;
  for (const limit of limits) {
    const inWindow = ages.filter((age) => age < limit.withinSeconds);
    // Full until the oldest of the latest `max` leaves the window.
    const oldest = inWindow[limit.max - 1];
    if (oldest !== undefined) wait = Math.max(wait, limit.withinSeconds - oldest);
  }
  return wait > 0 ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait)) } : { allowed: true };
}

/** Sending one outbox message is a job of this kind (jobs/job-queue.ts), keyed `mail:<id>`. */
export const MAIL_JOB = 'mail.send';
/** Attempts at one message: with waits doubling to an hour (mail-sender.ts), about a day. */
export const MAIL_ATTEMPTS = 30;

/**
 * Adds `mail` to the outbox, with the job that sends it; call it with the transaction of the
 * event, so the message exists exactly when the event committed. Returns false when a message
 * with its key was already there, or when its kind has a {@link RECIPIENT_LIMITS} limit the
 * recipient has reached (checked under a lock of the recipient held to the commit, so two
 * requests at once cannot both take the last place).
 */
export async function enqueueMail(db: Queryable, mail: OutgoingMail): Promise<boolean> {
  const kind = mailKind(mail.key);
  if (RECIPIENT_LIMITS[kind]) {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('karta:mail-to:' || $1))`, [recipientKey(mail.to)]);
    if (!(await recipientAllowance(db, mail.to, kind)).allowed) return false;
  }
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
  const id = rows[0]?.id;
  if (id === undefined) return false;
  await enqueueJob(db, {
    kind: MAIL_JOB,
    payload: { mailId: Number(id) },
    key: `mail:${id}`,
    maxAttempts: MAIL_ATTEMPTS,
  });
  return true;
}

/** A message to send now: unsent and not expired. */
export interface DueMail extends OutgoingMail {
  id: number;
}

interface OutboxRow {
  id: string | number;
  idempotency_key: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string> | string;
}

/** The sender's side of the outbox: read a message, then mark it sent or failed. */
export function createOutbox(db: Queryable) {
  return {
    /** The message `id` if it is still to be sent (unsent, not expired), else null. */
    async due(id: number): Promise<DueMail | null> {
      const { rows } = await db.query<OutboxRow>(
        `SELECT id, idempotency_key, recipient, subject, text_body, html_body, headers FROM mail_outbox
         WHERE id = $1 AND sent_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
        [id],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        id: Number(row.id),
        key: row.idempotency_key,
        to: row.recipient,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        headers: typeof row.headers === 'string' ? JSON.parse(row.headers) : row.headers,
      };
    },

    /** Sent: the bodies go (they may hold a link's token); the key stays, so it is never sent again. */
    async markSent(id: number): Promise<void> {
      await db.query(
        `UPDATE mail_outbox SET sent_at = now(), last_error = NULL, text_body = '', html_body = ''
         WHERE id = $1`,
        [id],
      );
    },

    /** Why the last attempt failed (kept on the message; its job says whether it is given up). */
    async markFailed(id: number, error: string): Promise<void> {
      await db.query('UPDATE mail_outbox SET last_error = $2 WHERE id = $1', [id, error.slice(0, 500)]);
    },

    /** Messages waiting to be sent: expired ones and those whose job was given up left out (health, tests). */
    async waiting(): Promise<number> {
      const { rows } = await db.query<{ n: string | number }>(
        `SELECT count(*) AS n FROM mail_outbox mail
         WHERE sent_at IS NULL AND (expires_at IS NULL OR expires_at > now())
           AND NOT EXISTS (SELECT 1 FROM jobs WHERE unique_key = 'mail:' || mail.id AND state = 'dead')`,
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
