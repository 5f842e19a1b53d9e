import type { NoteEffect, NoteKind, PendingNote, PendingNoteList } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';

const DEFAULT_PAGE = 50;

interface PendingNoteRow {
  id: number;
  kind: NoteKind;
  text: string;
  language: string;
  effect: NoteEffect | null;
  created_at: Date;
  expires_at: Date | null;
  place_id: number;
  place_name: Record<string, string>;
  place_language: string;
  author_name: string | null;
  total: number;
}

/**
 * The notes waiting for a moderator, oldest first (a queue), `limit` after the note `after`, with
 * how many wait in all: read through the pending notes' own index. A pending note on a place no
 * longer published is left out (it cannot be shown, so there is nothing to decide).
 */
export async function pendingNotes(
  db: Queryable,
  page: { limit?: number; after?: number },
): Promise<PendingNoteList> {
  const limit = page.limit ?? DEFAULT_PAGE;
  const { rows } = await db.query<PendingNoteRow>(
    `WITH waiting AS (
       SELECT n.* FROM place_notes n JOIN places p ON p.id = n.place_id
        WHERE n.state = 'pending' AND p.status = 'published'
     )
     SELECT n.id, n.kind, n.text, n.language, n.effect, n.created_at, n.expires_at,
            p.id AS place_id, p.name AS place_name, p.primary_language AS place_language,
            u.display_name AS author_name, (SELECT count(*)::int FROM waiting) AS total
       FROM waiting n JOIN places p ON p.id = n.place_id LEFT JOIN users u ON u.id = n.author_id
      WHERE ($1::int8 IS NULL OR n.id > $1)
      ORDER BY n.id LIMIT $2`,
    [page.after ?? null, limit + 1],
  );
  const items: PendingNote[] = rows.slice(0, limit).map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    text: row.text,
    language: row.language,
    effect: row.effect,
    state: 'pending',
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
    authorName: row.author_name,
    place: { id: Number(row.place_id), name: row.place_name, primaryLanguage: row.place_language },
    author: row.author_name === null ? null : { displayName: row.author_name },
  }));
  const total = rows[0]?.total ?? (await countWaiting(db));
  return { items, total, next: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}

/** How many notes wait, for a page past the last (which has no row to carry the count). */
async function countWaiting(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM place_notes n JOIN places p ON p.id = n.place_id
      WHERE n.state = 'pending' AND p.status = 'published'`,
  );
  return rows[0]?.total ?? 0;
}
