import type { NoteEffect, NoteKind } from '@karta/contracts';
import type { ChangeFilters } from '../changes/public-changes.ts';
import type { Queryable } from '../db/database.ts';
import { listFilter } from '../places/list-sql.ts';

/** A published note with the place it is on, as feeds and follow e-mails tell it. */
export interface PublishedNote {
  id: number;
  placeId: number;
  kind: NoteKind;
  effect: NoteEffect | null;
  text: string;
  language: string;
  publishedAt: Date;
  expiresAt: Date | null;
  /** The place's names, main language and category's names. */
  name: Record<string, string>;
  primaryLanguage: string;
  categoryName: Record<string, string>;
}

interface PublishedNoteRow {
  id: number;
  place_id: number;
  kind: NoteKind;
  effect: NoteEffect | null;
  text: string;
  language: string;
  published_at: Date;
  expires_at: Date | null;
  name: Record<string, string>;
  primary_language: string;
  category_name: Record<string, string>;
}

/**
 * The notes published on the published places matching `filters`, newest publication first, in
 * `[since, until]`, at most `limit`. A status note stays news after it ends (the feed and a digest
 * say when it was written); a hidden note, or one on a place taken off the map, never is. Notes are
 * few beside places, so the walk over the publication index, each note's place read by its key,
 * stays bounded by `limit` and the window.
 */
export async function publishedNotes(
  db: Queryable,
  filters: ChangeFilters,
  { since, until, limit }: { since?: Date; until?: Date; limit: number },
): Promise<PublishedNote[]> {
  const filter = listFilter({ ...filters, statuses: ['published'], order: 'oldest', limit: 1 }, null);
  const param = filter.sql.param;
  const window = [
    since ? `n.published_at >= ${param(since.toISOString(), 'timestamptz')}` : '',
    until ? `n.published_at <= ${param(until.toISOString(), 'timestamptz')}` : '',
  ].filter(Boolean);
  const { rows } = await db.query<PublishedNoteRow>(
    `SELECT n.id, n.place_id, n.kind, n.effect, n.text, n.language, n.published_at, n.expires_at,
            p.name, p.primary_language, c.name AS category_name
       FROM place_notes n
       JOIN places p ON p.id = n.place_id
       JOIN categories c ON c.id = p.category_id
      WHERE n.state = 'published' ${window.map((condition) => `AND ${condition}`).join(' ')}
        AND ${filter.where.join(' AND ')}
      ORDER BY n.published_at DESC, n.id DESC
      LIMIT ${param(limit, 'int4')}`,
    filter.sql.params,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    placeId: Number(row.place_id),
    kind: row.kind,
    effect: row.effect,
    text: row.text,
    language: row.language,
    publishedAt: new Date(row.published_at),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    name: row.name,
    primaryLanguage: row.primary_language,
    categoryName: row.category_name,
  }));
}
