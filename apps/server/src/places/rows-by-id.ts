import type { PlaceListItem } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import type { KeptByPlace } from './kept-by-place.ts';
import { type KeptListItem, type PlaceRow, toKeptListItem, toListItem } from './place-row.ts';
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
  const rows = await rowsById(
    db,
    hits.map((hit) => hit.id),
    viewer,
    publishedOnly,
  );
  return inOrder(hits, new Map(rows.map((row) => [row.id, row])), (row, distance) =>
    toListItem({ ...row, distance }, settings),
  );
}

/** A kept list item at its distance from the page's point (see keptHitsById). */
export interface KeptHit {
  kept: KeptListItem;
  distance: number | null;
}

/**
 * The kept items of a visitor's page of published places found in the map index just after it
 * caught up with the change log, in the page's order: those kept in `kept` since (see
 * kept-by-place.ts) from memory, the others read and kept. An item is kept made, not as its row:
 * making it again at every read was most of a kept page's cost; the page is then made from them
 * (kept-page.ts).
 */
export async function keptHitsById(
  db: Queryable,
  settings: PlaceSettings,
  hits: readonly { id: number; distance: number | null }[],
  kept: KeptByPlace<KeptListItem>,
): Promise<KeptHit[]> {
  const byId = await kept.through(
    hits.map((hit) => hit.id),
    async (missing) =>
      (await rowsById(db, missing, null, true)).map((row) => [row.id, toKeptListItem(row, settings)]),
  );
  return inOrder(hits, byId, (found, distance) => ({ kept: found, distance }));
}

/** The rows of these places as `viewer` may see them (`publishedOnly`: published ones only). */
async function rowsById(
  db: Queryable,
  placeIds: readonly number[],
  viewer: Actor | null,
  publishedOnly: boolean,
): Promise<PlaceRow[]> {
  const sql = new Sql();
  const ids = sql.param(placeIds, 'int8[]');
  const { rows } = await db.query<PlaceRow>(
    `SELECT ${placeColumnsSql(viewer, sql.param)}
     FROM places p JOIN categories c ON c.id = p.category_id
     WHERE p.id = ANY(${ids})${publishedOnly ? ` AND p.status = 'published'` : ''}`,
    sql.params,
  );
  return rows;
}

/**
 * What the hits are made into, in their order, each from what was found of its place (a row, a
 * kept item) at its distance; a place with nothing found is left out.
 */
function inOrder<Found, Made>(
  hits: readonly { id: number; distance: number | null }[],
  byId: ReadonlyMap<number, Found>,
  make: (found: Found, distance: number | null) => Made,
): Made[] {
  const made: Made[] = [];
  for (const hit of hits) {
    const found = byId.get(hit.id);
    if (found !== undefined) made.push(make(found, hit.distance));
  }
  return made;
}
