import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { rateLimitedError } from '../http/rate-limit.ts';

/**
 * How many notes one author and one place may have, counted in `place_notes` (exact across
 * instances and restarts). Moderators are not counted against them. The limit per client address
 * for signed-out authors is `RATE_LIMITS.signedOutNotesPerAddress` (http/rate-limit.ts).
 */
export const NOTE_LIMITS = {
  /** Notes of one account a day: far above what a regular writes, well below a flood. */
  perAccount: { max: 30, withinHours: 24 },
  /** Notes of one signed-out address a day, confirmed or not. */
  perAddress: { max: 10, withinHours: 24 },
  /** Notes on one place an hour, by everyone: a place's page is not a chat room. */
  perPlace: { max: 20, withinHours: 1 },
} as const;

/** How long a text counts as a repeat of the same author's note on the same place. */
export const REPEAT_HOURS = 24;

/** Whose notes are counted: an account's, or a signed-out address's (its key). */
export type AuthorKey = { accountId: number } | { emailKey: string };

const authorCondition = (author: AuthorKey) =>
  'accountId' in author
    ? { sql: 'author_id = $1::int8', value: author.accountId }
    : { sql: 'email_key = $1', value: author.emailKey };

/**
 * Takes the locks that make the counts below exact for two notes written at once: the author's,
 * then the place's (always in this order, so two writers never wait for each other in a circle).
 */
export async function lockForNote(tx: Queryable, author: AuthorKey, placeId: number): Promise<void> {
  const key = 'accountId' in author ? `account:${author.accountId}` : `address:${author.emailKey}`;
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('karta:notes:' || $1))`, [key]);
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('karta:notes:place:' || $1::text))`, [placeId]);
}

/** 429 once `limit` notes matching `where` were written within its window, with when to try again. */
async function checkLimit(
  tx: Queryable,
  where: { sql: string; value: number | string },
  limit: { max: number; withinHours: number },
  now: Date,
): Promise<void> {
  const { rows } = await tx.query<{ count: number; oldest: Date | null }>(
    `SELECT count(*)::int AS count, min(created_at) AS oldest FROM (
       SELECT created_at FROM place_notes
        WHERE ${where.sql} AND created_at > $2::timestamptz - make_interval(hours => $3)
        ORDER BY created_at DESC LIMIT $4) latest`,
    [where.value, now.toISOString(), limit.withinHours, limit.max],
  );
  const { count = 0, oldest = null } = rows[0] ?? {};
  if (count < limit.max || oldest === null) return;
  // The window opens again when the oldest of the latest `max` notes leaves it.
  const freeAt = new Date(oldest).getTime() + limit.withinHours * 3_600_000;
  const seconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  const error = rateLimitedError(seconds);
  throw new AppError(error.code, error.message, error.details, { headers: { 'retry-after': seconds } });
}

/** The author's and the place's limits (NOTE_LIMITS): a 429 past either. */
export async function checkNoteLimits(
  tx: Queryable,
  author: AuthorKey,
  placeId: number,
  now: Date,
): Promise<void> {
  await checkLimit(tx, { sql: 'place_id = $1::int8', value: placeId }, NOTE_LIMITS.perPlace, now);
  await checkLimit(
    tx,
    authorCondition(author),
    'accountId' in author ? NOTE_LIMITS.perAccount : NOTE_LIMITS.perAddress,
    now,
  );
}

/**
 * Whether the author wrote this text (folded) on this place within {@link REPEAT_HOURS}, and
 * whether a note of theirs was ever published (a first note always waits for a moderator).
 */
export async function authorHistory(
  tx: Queryable,
  author: AuthorKey,
  placeId: number,
  textKey: string,
  now: Date,
): Promise<{ repeat: boolean; published: boolean }> {
  const where = authorCondition(author);
  const { rows } = await tx.query<{ repeat: boolean | null; published: boolean | null }>(
    `SELECT bool_or(place_id = $2 AND text_key = $3 AND created_at > $4::timestamptz - make_interval(hours => $5)) AS repeat,
            bool_or(state = 'published') AS published
       FROM place_notes WHERE ${where.sql}`,
    [where.value, placeId, textKey, now.toISOString(), REPEAT_HOURS],
  );
  return { repeat: rows[0]?.repeat === true, published: rows[0]?.published === true };
}
