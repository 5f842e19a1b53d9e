import type { Queryable } from '../db/database.ts';

/**
 * Rows per page: about 0.5 MB of JSON text with the places' folded texts, small enough that no
 * single query holds PGlite for long, and that a page's text and rows die young on both threads
 * instead of piling up in the old generation until a full collection: at a million places, pages
 * of 5 000 rows left the server's RSS peaking at 1.3 GB during the load, pages of 1 000 at 0.9 GB,
 * for a load one second longer (docs/performance.md).
 */
export const PAGE_SIZE = 1_000;

/**
 * One place as a JSON array (see PackedPlace in protocol.ts), from `places p` joined to
 * `categories c`. Positions are the public (coarsened) ones: the map never sees an exact
 * private position. Of the place's field values only the filterable ones come (migration 026);
 * its folded texts come as stored (migration 005) for the word index.
 */
export const PACKED_PLACE = `json_build_array(p.id, p.public_lat, p.public_lng, c.slug, p.name,
  p.primary_language, p.radius, p.location_privacy, p.hours_key,
  (extract(epoch FROM p.last_confirmed_at) * 1000)::float8, karta_filter_values(p.extra, c.filter_types),
  p.search_name, p.search_text)`;

/**
 * Reads every published place in id order, one page at a time, as JSON text built by the
 * database, and hands each to `onPage`, one at a time (the next page is read while one is
 * handed). Text crosses threads as one string copy, so neither the PGlite worker's answer nor the
 * hand-over to the index worker makes the main thread build or clone a million objects.
 */
export async function loadPublishedPlaces(
  db: Queryable,
  onPage: (json: string, count: number) => Promise<void>,
  pageSize = PAGE_SIZE,
): Promise<number> {
  let after = 0;
  let total = 0;
  // The page handed over last: the next is read meanwhile, and handed over once it is done, so
  // pages never pile up (unread, each a copy of its text) ahead of a slower reader.
  let handing: Promise<void> = Promise.resolve();
  for (;;) {
    const { rows } = await db.query<{ page: string; last_id: number | null; count: number }>(
      `SELECT coalesce(json_agg(${PACKED_PLACE} ORDER BY p.id), '[]')::text AS page,
              max(p.id) AS last_id, count(*)::int AS count
       FROM (SELECT id, public_lat, public_lng, category_id, name, primary_language, radius, location_privacy,
                    hours_key, last_confirmed_at, extra, search_name, search_text
             FROM places WHERE status = 'published' AND id > $1 ORDER BY id LIMIT $2) AS p
       JOIN categories c ON c.id = p.category_id`,
      [after, pageSize],
    );
    const row = rows[0];
    await handing;
    if (!row || row.count === 0 || row.last_id === null) return total;
    handing = onPage(row.page, row.count);
    // Its failure is thrown where it is awaited; until then it is not an unhandled one.
    handing.catch(() => {});
    total += row.count;
    after = row.last_id;
    if (row.count < pageSize) {
      await handing;
      return total;
    }
  }
}
