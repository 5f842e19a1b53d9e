import type { Queryable } from '../db/database.ts';

/** Rows per page: ~2 MB of JSON text, small enough that no single query holds PGlite for long. */
export const PAGE_SIZE = 20_000;

/**
 * Reads every published place in id order, one page at a time, as JSON text built by the
 * database. Text crosses threads as one string copy, so neither the PGlite worker's answer nor
 * the hand-over to the index worker makes the main thread build or clone a million objects.
 * Positions are the public (coarsened) ones: the map never sees an exact private position.
 */
export async function loadPublishedPlaces(
  db: Queryable,
  onPage: (json: string, count: number) => void,
  pageSize = PAGE_SIZE,
): Promise<number> {
  let after = 0;
  let total = 0;
  for (;;) {
    const { rows } = await db.query<{ page: string; last_id: number | null; count: number }>(
      `SELECT coalesce(json_agg(json_build_array(p.id, p.public_lat, p.public_lng, c.slug, p.name,
                p.primary_language, p.radius, p.location_privacy) ORDER BY p.id), '[]')::text AS page,
              max(p.id) AS last_id, count(*)::int AS count
       FROM (SELECT id, public_lat, public_lng, category_id, name, primary_language, radius, location_privacy
             FROM places WHERE status = 'published' AND id > $1 ORDER BY id LIMIT $2) AS p
       JOIN categories c ON c.id = p.category_id`,
      [after, pageSize],
    );
    const row = rows[0];
    if (!row || row.count === 0 || row.last_id === null) return total;
    onPage(row.page, row.count);
    total += row.count;
    after = row.last_id;
    if (row.count < pageSize) return total;
  }
}

/** The newest change-log id: changes after it are not in an index loaded from now on. */
export async function latestChangeId(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT coalesce(max(id), 0)::int8 AS id FROM place_changes',
  );
  return rows[0]?.id ?? 0;
}
