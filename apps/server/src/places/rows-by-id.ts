import type { PlaceListItem } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import { type PlaceRow, toListItem } from './place-row.ts';
import type { Actor } from './place-rules.ts';
import type { PlaceSettings } from './place-settings.ts';
import { Sql } from './place-sql.ts';
import { placeColumnsSql } from './place-visibility.ts';

/**
 * The list items of a page found by id (a ranked search, or the map index), in the page's order,
 * each with its distance, as `viewer` may see it. `publishedOnly`: a place no longer published is
 * left out (the page was found in memory, which may be a moment behind). A place gone is left out.
 */
export async function listItemsById(
  db: Queryable,
  settings: PlaceSettings,
  hits: readonly { id: number; distance: number | null }[],
  viewer: Actor | null,
  { publishedOnly = false } = {},
): Promise<PlaceListItem[]> {
  if (hits.length === 0) return [];
  const sql = new Sql();
  const ids = sql.param(
    hits.map((hit) => hit.id),
    'int8[]',
  );
  const { rows } = await db.query<PlaceRow>(
    `SELECT ${placeColumnsSql(viewer, sql.param)}
     FROM places p JOIN categories c ON c.id = p.category_id
     WHERE p.id = ANY(${ids})${publishedOnly ? ` AND p.status = 'published'` : ''}`,
    sql.params,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return hits.flatMap((hit) => {
    const row = byId.get(hit.id);
    return row ? [toListItem({ ...row, distance: hit.distance }, settings)] : [];
  });
}
