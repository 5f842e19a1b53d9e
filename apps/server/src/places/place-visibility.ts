/**
 * The one visibility rule of every SQL read path (docs/product-rules.md §Visibility), as SQL
 * fragments: who sees a place at all, and who sees its exact position, its author and why it was
 * rejected. The map index holds published places at their public position only, so it needs
 * neither.
 */
import { type Actor, isModerator } from './place-rules.ts';

/** Adds a numbered parameter and returns its placeholder with a cast. */
export type AddParam = (value: unknown, cast: string) => string;

/** Whether the reader may see the row `p` at all: published, theirs, or they moderate. */
export function visibleToSql(viewer: Actor | null, param: AddParam): string {
  if (!viewer) return `p.status = 'published'`;
  if (isModerator(viewer)) return 'TRUE';
  return `(p.status = 'published' OR p.author_id = ${param(viewer.id, 'int8')})`;
}

/** Whether the reader may see the row's private parts (exact position, author, rejection reason). */
export function ownedBySql(viewer: Actor | null, param: AddParam): string {
  if (!viewer) return 'FALSE';
  if (isModerator(viewer)) return 'TRUE';
  return `(p.author_id IS NOT DISTINCT FROM ${param(viewer.id, 'int8')})`;
}

/**
 * The columns of a place as this reader may see them: the exact position or the public one, and
 * the author and rejection reason only where they may (else NULL, with `owned` false).
 */
export function placeColumnsSql(viewer: Actor | null, param: AddParam): string {
  return columnsSql(ownedBySql(viewer, param));
}

/** The columns of a place with its private parts, for the write paths (which check who first). */
export const OWNED_PLACE_COLUMNS = columnsSql('TRUE');

/** The place columns, the private ones where the SQL condition `owned` holds. */
function columnsSql(owned: string): string {
  return `p.id, p.external_id, p.name, p.description, p.primary_language, p.category_id,
    c.slug AS category,
    CASE WHEN ${owned} THEN p.lat ELSE p.public_lat END AS lat,
    CASE WHEN ${owned} THEN p.lng ELSE p.public_lng END AS lng,
    p.radius, p.location_privacy, p.address, p.phone, p.email, p.website, p.opening_hours, p.hours_key, p.extra, p.last_confirmed_at, p.status,
    p.created_at, p.updated_at, p.published_at, p.version,
    ${owned} AS owned, p.author_id, p.rejection_reason,
    CASE WHEN ${owned} THEN (SELECT u.email_verified_at IS NOT NULL FROM users u WHERE u.id = p.author_id) END
      AS author_verified`;
}
