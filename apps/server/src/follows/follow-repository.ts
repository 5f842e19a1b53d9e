import { type Follow, type FollowInput, MAX_FOLLOWS_PER_ADDRESS } from '@karta/contracts';
import { hashSessionToken, newSessionToken } from '../accounts/session-repository.ts';
import type { Queryable } from '../db/database.ts';

/** A confirmation link works for a week; unconfirmed follows older than that are deleted. */
export const CONFIRM_WITHIN_DAYS = 7;
/** "Manage your follows" links work for a year. */
export const MANAGE_LINK_DAYS = 365;
/**
 * Follow e-mails an address has not answered, at most: confirmations of follows not yet confirmed
 * (each holds its place for its week, or until it is confirmed or ended) and "you follow as many
 * as you can" notices of the last week. A request past it stores and sends nothing, so a stranger
 * can neither send an address more than this many e-mails about follows a week nor take more than
 * this many of its {@link MAX_FOLLOWS_PER_ADDRESS} places.
 */
export const MAX_UNANSWERED_FOLLOW_MAILS = 3;

/** The address as follows are counted and found by. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** A follow as stored, with what digests need. */
export interface FollowRecord extends Follow {
  email: string;
  language: string;
  digestUntil: Date | null;
}

interface FollowRow {
  id: string | number;
  email: string;
  kind: 'area' | 'spot';
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
  lat: number | null;
  lng: number | null;
  categories: string[] | null;
  frequency: 'daily' | 'weekly';
  alerts: boolean;
  language: string;
  confirmed: boolean;
  created_at: Date;
  digest_until: Date | null;
}

const FOLLOW_COLUMNS = `id, email, kind, west, south, east, north, lat, lng, categories, frequency, alerts, language,
  confirmed_at IS NOT NULL AS confirmed, created_at, digest_until`;

function toRecord(row: FollowRow): FollowRecord {
  return {
    id: Number(row.id),
    kind: row.kind,
    bbox:
      row.kind === 'area'
        ? {
            west: Number(row.west),
            south: Number(row.south),
            east: Number(row.east),
            north: Number(row.north),
          }
        : null,
    point: row.kind === 'spot' ? { lat: Number(row.lat), lng: Number(row.lng) } : null,
    categories: row.categories,
    frequency: row.frequency,
    alerts: row.alerts,
    confirmed: row.confirmed,
    createdAt: new Date(row.created_at).toISOString(),
    email: row.email,
    language: row.language,
    digestUntil: row.digest_until ? new Date(row.digest_until) : null,
  };
}

/** The public shape of a follow: no address. */
export function publicFollow(record: FollowRecord): Follow {
  const { email: _email, language: _language, digestUntil: _until, ...follow } = record;
  return follow;
}

/** Follows in the database; each function takes the transaction it is part of. */
export const follows = {
  /**
   * Stores an unconfirmed follow with the hash of its confirmation token. Nothing is stored when
   * the address has {@link MAX_UNANSWERED_FOLLOW_MAILS} follow e-mails unanswered (`waiting`: send
   * nothing either), or {@link MAX_FOLLOWS_PER_ADDRESS} follows already (`full`: the caller says so
   * by e-mail, in this transaction, which holds the address's lock until it commits).
   */
  async create(
    tx: Queryable,
    input: FollowInput & { language: string },
    confirmTokenHash: string,
  ): Promise<FollowRecord | 'full' | 'waiting'> {
    const key = emailKey(input.email);
    // One address's follows are counted under a lock of that address: two requests at once
    // cannot both take the twentieth place, or the last unanswered one.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('karta:follows:' || $1))`, [key]);
    // Unconfirmed follows past their week are as good as gone (tidy deletes them): not counted.
    const { rows: counted } = await tx.query<{ live: number; waiting: number; told: number }>(
      `SELECT count(*) FILTER (WHERE confirmed_at IS NOT NULL OR created_at > now() - make_interval(days => $2))::int AS live,
              count(*) FILTER (WHERE confirmed_at IS NULL AND created_at > now() - make_interval(days => $2))::int AS waiting,
              (SELECT count(*)::int FROM mail_outbox
               WHERE recipient_key = $1 AND mail_kind = 'follows-full'
                 AND created_at > now() - make_interval(days => $2)) AS told
       FROM follows WHERE email_key = $1`,
      [key, CONFIRM_WITHIN_DAYS],
    );
    const { live = 0, waiting = 0, told = 0 } = counted[0] ?? {};
    if (waiting + told >= MAX_UNANSWERED_FOLLOW_MAILS) return 'waiting';
    if (live >= MAX_FOLLOWS_PER_ADDRESS) return 'full';
    const { bbox, point } = input;
    const { rows } = await tx.query<FollowRow>(
      `INSERT INTO follows (email, email_key, kind, west, south, east, north, lat, lng, categories, frequency,
         language, confirm_token_hash, alerts)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       RETURNING ${FOLLOW_COLUMNS}`,
      [
        input.email.trim(),
        key,
        bbox ? 'area' : 'spot',
        bbox?.west ?? null,
        bbox?.south ?? null,
        bbox?.east ?? null,
        bbox?.north ?? null,
        point?.lat ?? null,
        point?.lng ?? null,
        input.categories ? [...new Set(input.categories)] : null,
        input.frequency,
        input.language,
        confirmTokenHash,
        input.alerts ?? false,
      ],
    );
    const row = rows[0];
    if (!row) throw new Error('the follow was not stored');
    return toRecord(row);
  },

  /** Confirms the follow of a confirmation token (unused, within the week); undefined otherwise. */
  async confirm(tx: Queryable, token: string): Promise<FollowRecord | undefined> {
    const { rows } = await tx.query<FollowRow>(
      `UPDATE follows SET confirmed_at = now(), confirm_token_hash = NULL, digest_until = now()
       WHERE confirm_token_hash = $1 AND created_at > now() - make_interval(days => $2)
       RETURNING ${FOLLOW_COLUMNS}`,
      [hashSessionToken(token), CONFIRM_WITHIN_DAYS],
    );
    return rows[0] ? toRecord(rows[0]) : undefined;
  },

  /** A new "manage your follows" link for `email`: its token (the link is built by the caller). */
  async newManageToken(tx: Queryable, email: string): Promise<string> {
    const { token, tokenHash } = newSessionToken();
    await tx.query('INSERT INTO follow_manage_links (token_hash, email_key) VALUES ($1, $2)', [
      tokenHash,
      emailKey(email),
    ]);
    return token;
  },

  /** The address key of a manage token (within its year); undefined for an unknown one. */
  async addressOf(db: Queryable, token: string): Promise<string | undefined> {
    const { rows } = await db.query<{ email_key: string }>(
      `SELECT email_key FROM follow_manage_links
       WHERE token_hash = $1 AND created_at > now() - make_interval(days => $2)`,
      [hashSessionToken(token), MANAGE_LINK_DAYS],
    );
    return rows[0]?.email_key;
  },

  /** Every follow of an address, oldest first. */
  async listOf(db: Queryable, key: string): Promise<FollowRecord[]> {
    const { rows } = await db.query<FollowRow>(
      `SELECT ${FOLLOW_COLUMNS} FROM follows WHERE email_key = $1 ORDER BY id`,
      [key],
    );
    return rows.map(toRecord);
  },

  /** One follow by id. */
  async find(db: Queryable, id: number): Promise<FollowRecord | undefined> {
    const { rows } = await db.query<FollowRow>(`SELECT ${FOLLOW_COLUMNS} FROM follows WHERE id = $1::int8`, [
      id,
    ]);
    return rows[0] ? toRecord(rows[0]) : undefined;
  },

  /** Ends follow `id` of the address `key`; false when it is not theirs (or gone). */
  async end(db: Queryable, key: string, id: number): Promise<boolean> {
    const { rows } = await db.query(
      'DELETE FROM follows WHERE id = $1::int8 AND email_key = $2 RETURNING id',
      [id, key],
    );
    return rows.length > 0;
  },

  /** Deletes follows never confirmed within their week, and manage links past their year. */
  async tidy(db: Queryable): Promise<void> {
    await db.query(
      `DELETE FROM follows WHERE confirmed_at IS NULL AND created_at < now() - make_interval(days => $1)`,
      [CONFIRM_WITHIN_DAYS],
    );
    await db.query(`DELETE FROM follow_manage_links WHERE created_at < now() - make_interval(days => $1)`, [
      MANAGE_LINK_DAYS,
    ]);
  },
};
