import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

/** The lists a user can leave from a message: moderators' review mail, contributors' decisions. */
export type MailList = 'review' | 'decisions';

/** Unsubscribe links are kept this long (a message older than a year is rarely acted on). */
export const UNSUBSCRIBE_LINK_KEEP_DAYS = 365;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new unsubscribe link for one message to `userId` about `list`: `PUBLIC_URL/unsubscribe?token=…`.
 * The page there asks before it acts; a mail client's one-click POST to the same URL acts at once
 * (RFC 8058). The link names no address; only the token's hash is stored.
 */
export async function newUnsubscribeLink(
  tx: Queryable,
  publicUrl: string,
  userId: number,
  list: MailList,
): Promise<{ url: string }> {
  const token = randomBytes(32).toString('base64url');
  await tx.query('INSERT INTO unsubscribe_links (token_hash, user_id, list) VALUES ($1, $2, $3)', [
    hashToken(token),
    userId,
    list,
  ]);
  return { url: `${publicUrl}/unsubscribe?token=${token}` };
}

/**
 * Ends the mail of `token`'s list for its user (review mail off, or decision mail off); the list,
 * or null for an unknown token. Using a link twice is harmless.
 */
export async function unsubscribe(db: Queryable, token: string): Promise<MailList | null> {
  const { rows } = await db.query<{ user_id: string | number; list: MailList }>(
    'SELECT user_id, list FROM unsubscribe_links WHERE token_hash = $1',
    [hashToken(token)],
  );
  const link = rows[0];
  if (!link) return null;
  const column = link.list === 'review' ? `review_mail = 'off'` : 'decision_mail = false';
  await db.query(`UPDATE users SET ${column} WHERE id = $1::int8`, [link.user_id]);
  return link.list;
}
