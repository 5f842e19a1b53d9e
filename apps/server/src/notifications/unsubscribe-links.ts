import { hashSessionToken, newSessionToken } from '../accounts/session-repository.ts';
import type { Queryable } from '../db/database.ts';

/**
 * The lists one can leave from a message: moderators' review mail, contributors' decisions, or
 * one follow's digests.
 */
export type MailList = 'review' | 'decisions' | 'follow';

/** Whose mail an unsubscribe link ends: a user's list, or one follow. */
export type UnsubscribeTarget = { userId: number; list: 'review' | 'decisions' } | { followId: number };

/** Unsubscribe links are kept this long (a message older than a year is rarely acted on). */
export const UNSUBSCRIBE_LINK_KEEP_DAYS = 365;

/**
 * A new unsubscribe link for one message to `userId` about `list`: `PUBLIC_URL/unsubscribe?token=…`.
 * The page there asks before it acts; a mail client's one-click POST to the same URL acts at once
 * (RFC 8058). The link names no address; only the token's hash is stored.
 */
export async function newUnsubscribeLink(
  tx: Queryable,
  publicUrl: string,
  target: UnsubscribeTarget,
): Promise<{ url: string }> {
  const { token, tokenHash } = newSessionToken();
  const [userId, list, followId] =
    'followId' in target ? [null, 'follow', target.followId] : [target.userId, target.list, null];
  await tx.query(
    'INSERT INTO unsubscribe_links (token_hash, user_id, list, follow_id) VALUES ($1, $2, $3, $4)',
    [tokenHash, userId, list, followId],
  );
  return { url: `${publicUrl}/unsubscribe?token=${token}` };
}

/**
 * Ends the mail of `token`'s list: review or decision mail off for its user, or its follow ended
 * (the link goes with the follow); the list, or null for an unknown token. Using a link twice is
 * harmless for a user's list.
 */
export async function unsubscribe(db: Queryable, token: string): Promise<MailList | null> {
  const { rows } = await db.query<{
    user_id: string | number | null;
    follow_id: string | number | null;
    list: MailList;
  }>('SELECT user_id, follow_id, list FROM unsubscribe_links WHERE token_hash = $1', [
    hashSessionToken(token),
  ]);
  const link = rows[0];
  if (!link) return null;
  if (link.list === 'follow') {
    await db.query('DELETE FROM follows WHERE id = $1::int8', [link.follow_id]);
    return 'follow';
  }
  const column = link.list === 'review' ? `review_mail = 'off'` : 'decision_mail = false';
  await db.query(`UPDATE users SET ${column} WHERE id = $1::int8`, [link.user_id]);
  return link.list;
}
