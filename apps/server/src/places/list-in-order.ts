import type { PlaceListItem } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import { type ListQuery, listFilter, sqlAfter } from './list-sql.ts';
import { type PlaceRow, toListItem } from './place-row.ts';
import type { Actor } from './place-rules.ts';
import { distanceOrNullSql } from './place-sql.ts';
import { placeColumnsSql } from './place-visibility.ts';

/** The ids of a comma-separated list, parsed without a string per id (a million fit in 8 MB). */
export function parseIds(text: string): Float64Array {
  if (text.length === 0) return new Float64Array(0);
  let count = 1;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === 44) count += 1;
  const ids = new Float64Array(count);
  let at = 0;
  let value = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 44) {
      ids[at] = value;
      at += 1;
      value = 0;
    } else value = value * 10 + (code - 48);
  }
  ids[at] = value;
  return ids;
}

/**
 * Every place of the list `query` (its filters; no paging), in pages of `pageSize`, in one ordered
 * pass: nearest first from `near` or `covers` (ties by id), else by id. One statement sorts the
 * matching ids once (8 bytes a place are kept, not the rows); each page then reads its rows by
 * primary key, checking the filter again, so a place changed meanwhile is left out rather than
 * shown as it no longer matches. Paging the list instead re-sorted every match for every page
 * (the work grew with the square of the matches).
 */
export async function* listInOrder(
  db: Queryable,
  query: Omit<ListQuery, 'limit' | 'after' | 'withTotal' | 'origin'>,
  viewer: Actor | null,
  pageSize: number,
): AsyncGenerator<PlaceListItem[]> {
  const filter = listFilter({ ...query, limit: pageSize }, viewer);
  const where = filter.where.join(' AND ');
  const { origin } = filter;
  const order = origin ? 'm.distance, m.id' : 'm.id';
  const snapshot = sqlAfter(filter);
  const distance = distanceOrNullSql(origin, snapshot.param);
  const { rows } = await db.query<{ ids: string | null }>(
    `SELECT string_agg(m.id::text, ',' ORDER BY ${order}) AS ids
     FROM (SELECT p.id, ${distance} AS distance FROM places p WHERE ${where}) AS m`,
    snapshot.params,
  );
  const ids = parseIds(rows[0]?.ids ?? '');
  for (let start = 0; start < ids.length; start += pageSize) {
    const chunk = Array.from(ids.subarray(start, start + pageSize));
    const read = sqlAfter(filter);
    const { rows: found } = await db.query<PlaceRow>(
      `SELECT ${placeColumnsSql(viewer, read.param)},
         ${distanceOrNullSql(origin, read.param)} AS distance
       FROM places p JOIN categories c ON c.id = p.category_id
       WHERE p.id = ANY(${read.param(chunk, 'int8[]')}) AND ${where}`,
      read.params,
    );
    const byId = new Map(found.map((row) => [row.id, row]));
    const items: PlaceListItem[] = [];
    for (const id of chunk) {
      const row = byId.get(id);
      if (row) items.push(toListItem(row));
    }
    if (items.length > 0) yield items;
  }
}
