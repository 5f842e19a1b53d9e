import { routes } from '@karta/contracts';
import { hashSessionToken, isWellFormedToken, newSessionToken } from '../accounts/session-repository.ts';
import type { Queryable } from '../db/database.ts';
import type { AtomDocument, AtomEntry } from './atom.ts';
import { feedWords, textIn } from './feed-text.ts';
import { placePage } from './places-feed.ts';

/**
 * Moderators' private feeds of the review queue. The URL carries a random 32-byte token (base64url,
 * as a session's), not the moderator's session: it goes into a feed reader, which may keep it
 * anywhere. Only its SHA-256 is stored; one per user, and a new one replaces the old. A token
 * opens the feed only while its user moderates and is not disabled (migration 016 also deletes the
 * token when either changes, so it never comes back).
 */
export function createReviewFeedTokens(db: Queryable) {
  return {
    /** A new token for `userId`, replacing theirs; the only time the token itself is known. */
    async replace(userId: number): Promise<string> {
      const { token, tokenHash } = newSessionToken();
      await db.query(
        `INSERT INTO review_feed_tokens (user_id, token_hash) VALUES ($1::int8, $2)
         ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()`,
        [userId, tokenHash],
      );
      return token;
    },

    /** Ends `userId`'s token (nothing to end is fine). */
    async revoke(userId: number): Promise<void> {
      await db.query('DELETE FROM review_feed_tokens WHERE user_id = $1::int8', [userId]);
    },

    /** Whether `token` is a live token of a moderator or admin who is not disabled. */
    async opens(token: string): Promise<boolean> {
      if (!isWellFormedToken(token)) return false;
      const { rows } = await db.query<{ ok: boolean }>(
        `SELECT true AS ok FROM review_feed_tokens t JOIN users u ON u.id = t.user_id
         WHERE t.token_hash = $1 AND u.role IN ('moderator', 'admin') AND NOT u.disabled`,
        [hashSessionToken(token)],
      );
      return rows.length > 0;
    },
  };
}

export type ReviewFeedTokens = ReturnType<typeof createReviewFeedTokens>;

/** The private feed's URL with `token` in it. */
export const reviewFeedUrl = (origin: string, token: string) =>
  `${origin}${routes.reviewFeed.path}?${new URLSearchParams({ token })}`;

interface QueueRow {
  kind: 'proposal' | 'flag';
  place_id: number;
  flag_id: number | null;
  at: Date;
  name: Record<string, string>;
  primary_language: string;
  category_name: Record<string, string>;
  reason: string | null;
  about: 'place' | 'photo' | 'note';
}

/** What waits for moderators: one item per pending place, pending note or open report. */
export interface QueueItem {
  kind: 'proposal' | 'note' | 'flag';
  placeId: number;
  /** The report's id, or the pending note's. */
  flagId: number | null;
  at: Date;
  name: Record<string, string>;
  primaryLanguage: string;
  categoryName: Record<string, string>;
  reason: string | null;
  /** What a report is on: the place, one of its photos, or one of its notes. */
  about: 'place' | 'photo' | 'note';
}

/**
 * The newest pending places (by id, through the `(status, id)` index), pending notes (their own
 * index) and open reports (the same on flags), at most `limit` of each, merged newest first and
 * cut to `limit`. A note's text is not in the feed: whoever holds the link reads only what waits.
 */
export async function reviewQueue(db: Queryable, limit: number): Promise<QueueItem[]> {
  const { rows } = await db.query<QueueRow>(
    `SELECT * FROM (
       (SELECT 'proposal' AS kind, p.id AS place_id, NULL::int8 AS flag_id, p.updated_at AS at, p.name,
          p.primary_language, c.name AS category_name, NULL::text AS reason, 'place' AS about
        FROM places p JOIN categories c ON c.id = p.category_id
        WHERE p.status = 'pending' ORDER BY p.id DESC LIMIT $1::int4)
       UNION ALL
       (SELECT 'note', n.place_id, n.id, n.created_at, p.name, p.primary_language, c.name, NULL, 'note'
        FROM place_notes n JOIN places p ON p.id = n.place_id JOIN categories c ON c.id = p.category_id
        WHERE n.state = 'pending' ORDER BY n.created_at DESC, n.id DESC LIMIT $1::int4)
       UNION ALL
       (SELECT 'flag', f.place_id, f.id, f.created_at, p.name, p.primary_language, c.name, f.reason,
          CASE WHEN f.photo_id IS NOT NULL THEN 'photo' WHEN f.note_id IS NOT NULL THEN 'note' ELSE 'place' END
        FROM flags f JOIN places p ON p.id = f.place_id JOIN categories c ON c.id = p.category_id
        WHERE f.status = 'open' ORDER BY f.id DESC LIMIT $1::int4)
     ) queue
     ORDER BY at DESC, place_id DESC, flag_id DESC NULLS LAST
     LIMIT $1::int4`,
    [limit],
  );
  return rows.map((row) => ({
    kind: row.kind,
    placeId: Number(row.place_id),
    flagId: row.flag_id === null ? null : Number(row.flag_id),
    at: row.at,
    name: row.name,
    primaryLanguage: row.primary_language,
    categoryName: row.category_name,
    reason: row.reason,
    about: row.about,
  }));
}

function queueEntry(item: QueueItem, origin: string, language: string): AtomEntry {
  const words = feedWords(language);
  const name = textIn(item.name, language, item.primaryLanguage);
  const category = textIn(item.categoryName, language);
  if (item.kind === 'proposal') {
    const link = placePage(origin, item.placeId);
    return { id: `${link}#proposal`, title: words.proposal(name), link, updated: item.at, summary: category };
  }
  if (item.kind === 'note') {
    return {
      id: `${origin}/review#note-${item.flagId}`,
      title: words.pendingNote(name),
      link: `${origin}/review`,
      updated: item.at,
      summary: category,
    };
  }
  const titles = { place: words.placeFlag, photo: words.photoFlag, note: words.noteFlag };
  const reason = words.reasons[item.reason ?? ''] ?? item.reason ?? '';
  return {
    id: `${origin}/flags#flag-${item.flagId}`,
    title: titles[item.about](name, reason),
    link: `${origin}/flags`,
    updated: item.at,
    summary: category,
  };
}

/** The review queue as an Atom document (no positions, no people: only what waits and where to look). */
export function reviewFeedDocument(options: {
  items: readonly QueueItem[];
  token: string;
  origin: string;
  language: string;
  site: string;
}): AtomDocument {
  const { items, token, origin, language, site } = options;
  const words = feedWords(language);
  return {
    self: reviewFeedUrl(origin, token),
    // Not the URL: its token changes when it is replaced, the feed does not.
    id: `${origin}${routes.reviewFeed.path}`,
    alternate: `${origin}/review`,
    title: words.reviewTitle(site),
    subtitle: words.reviewSubtitle,
    site,
    entries: items.map((item) => queueEntry(item, origin, language)),
  };
}
