import type { LatLng } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import type { PageCursor } from './cursor.ts';
import { type ListFilter, sqlAfter } from './list-sql.ts';
import type { PlaceRow } from './place-row.ts';
import type { Actor } from './place-rules.ts';
import { distanceSql, inBoxesSql } from './place-sql.ts';
import { placeColumnsSql } from './place-visibility.ts';
import { unseenDistanceBound, type WalkPart, walkParts } from './walk-bound.ts';

type WalkRow = PlaceRow & { planar: number };

/**
 * One page of the filter's places in exact haversine order from `origin` (ties by id), after
 * `after`, read by nearest-first walks of the GiST index on `location` (`ORDER BY location <->
 * point LIMIT n`) instead of measuring and sorting every match.
 *
 * `<->` is planar distance in degrees, which is not the haversine order (a degree of longitude
 * shrinks towards the poles). So each walk reads a few more rows than the page, and only the rows
 * nearer than {@link unseenDistanceBound} of the farthest planar distance walked are taken: no row
 * not yet read can be nearer than that. When fewer than a page are that near, the walks read twice
 * as far and try again (so at most about twice the rows needed are read in all). A box across the
 * antimeridian or a pole is walked in parts, each from the origin shifted by 360° next to it
 * (see walk-bound.ts), and the parts merged.
 *
 * Cost: the rows nearer than the page's last one (a later page walks past the earlier ones, as
 * any keyset on distance does), times about 1.5 for the planar-to-haversine slack, never all matches.
 */
export async function nearestPage(
  db: Queryable,
  filter: ListFilter,
  options: { origin: LatLng; viewer: Actor | null; limit: number; after?: PageCursor },
): Promise<{ rows: PlaceRow[]; more: boolean }> {
  const { origin, limit } = options;
  const parts = walkParts(filter.boxes, origin).map((part) => ({
    part,
    rows: [] as WalkRow[],
    // The haversine distance up to which this part has read every row (Infinity: all of them).
    seenUpTo: 0,
  }));
  let fetch = 2 * (limit + 1) + 16;
  for (;;) {
    for (const state of parts) {
      if (state.seenUpTo === Number.POSITIVE_INFINITY) continue;
      state.rows = await walk(db, filter, state.part, { ...options, fetch });
      const last = state.rows[state.rows.length - 1];
      state.seenUpTo =
        state.rows.length < fetch || !last
          ? Number.POSITIVE_INFINITY
          : unseenDistanceBound(state.part, last.planar);
    }
    const seenUpTo = Math.min(...parts.map((state) => state.seenUpTo));
    const byId = new Map<number, WalkRow>();
    for (const state of parts) for (const row of state.rows) byId.set(row.id, row);
    const merged = [...byId.values()].sort(
      (a, b) => (a.distance as number) - (b.distance as number) || a.id - b.id,
    );
    const sure = merged.filter((row) => (row.distance as number) < seenUpTo);
    if (sure.length >= limit || seenUpTo === Number.POSITIVE_INFINITY) {
      return {
        rows: sure.slice(0, limit).map(({ planar: _planar, ...row }) => row),
        more: merged.length > limit,
      };
    }
    fetch *= 2;
  }
}

/** The first `fetch` rows of one part in planar order from its shifted origin, after the cursor. */
async function walk(
  db: Queryable,
  filter: ListFilter,
  part: WalkPart,
  options: { origin: LatLng; viewer: Actor | null; after?: PageCursor; fetch: number },
): Promise<WalkRow[]> {
  const sql = sqlAfter(filter);
  const param = sql.param;
  const distance = distanceSql(options.origin, param);
  const from = `point(${param(part.from.lng, 'float8')}, ${param(part.from.lat, 'float8')})`;
  // The part's box, as an index condition, keeps PostgreSQL's planner on the walk for `near` and
  // boxes (measured: without it, it read and sorted every match). For `covers`, and for a part
  // spanning every latitude, it tempts the planner into reading the whole box instead, so it is
  // left out there. Rows from beyond a part's box are extra, not wrong: the filter keeps only
  // matches, the part holding them (walked from its own shifted origin) accounts for them in the
  // bound, and the merge drops repeats.
  const skip = filter.notInWalk;
  const where = filter.where.map((condition) => (condition === skip?.condition ? skip.standIn : condition));
  const [, south, , north] = part.box;
  if (!skip && (south > -90 || north < 90)) where.push(inBoxesSql([part.box], param));
  const { after } = options;
  if (after) {
    const d = param(after.distance ?? 0, 'float8');
    where.push(`(${distance} > ${d} OR (${distance} = ${d} AND p.id > ${param(after.id, 'int8')}))`);
  }
  // The walk reads ids only (so the join cannot change the plan's order); the page's rows follow.
  const { rows } = await db.query<WalkRow>(
    `SELECT ${placeColumnsSql(options.viewer, param)}, w.distance, w.planar
     FROM (
       SELECT p.id, ${distance} AS distance, p.location <-> ${from} AS planar
       FROM places p
       WHERE ${where.join(' AND ')}
       ORDER BY p.location <-> ${from}
       LIMIT ${param(options.fetch, 'int4')}
     ) AS w
     JOIN places p ON p.id = w.id JOIN categories c ON c.id = p.category_id
     ORDER BY w.planar, w.id`,
    sql.params,
  );
  return rows;
}
