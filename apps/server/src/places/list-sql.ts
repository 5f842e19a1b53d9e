import type { Bounds, LatLng, PlaceStatus } from '@karta/contracts';
import { circlePolygon } from './circle-polygon.ts';
import type { PageCursor } from './cursor.ts';
import { fieldFiltersSql, type PlaceFieldFilter } from './field-filters.ts';
import type { Actor } from './place-rules.ts';
import { type Box, circleBoxes, distanceSql, inBoxesSql, Sql, statusSql } from './place-sql.ts';
import { visibleToSql } from './place-visibility.ts';
import { searchSql } from './search-sql.ts';
import { staleCutoff } from './stale.ts';

/** The largest radius a place may have (metres, the contract's), so `covers` looks no further. */
export const MAX_PLACE_RADIUS_M = 100_000;

export interface ListQuery {
  /** Statuses to list (the reader still sees only what they may). */
  statuses: readonly PlaceStatus[];
  /** Only places by this author. */
  authorId?: number;
  /** Without an origin: id order, oldest or newest first. */
  order: 'oldest' | 'newest';
  bbox?: Bounds;
  categories?: readonly string[];
  /** Sort by distance from here; without it the list is in id order. */
  origin?: LatLng;
  /** Search text as the reader typed it (folded in SQL, see migration 004); results ranked first. */
  q?: string;
  /** Only places within `radius` metres of this point (ignored without `radius`); it is then the origin. */
  near?: LatLng;
  radius?: number;
  /** Only places whose own radius covers this point; it is then the origin. */
  covers?: LatLng;
  /** Only places open now (by their opening hours)… */
  openNow?: boolean;
  /** …or at this ISO time. The repository turns either into the hours keys open then. */
  openAt?: string;
  /** `true`: only places unconfirmed for STALE_AFTER_DAYS; `false`: only the others. */
  stale?: boolean;
  /** Only places whose field values pass every filter (`f.<key>`, read by resolveFieldFilters). */
  fieldFilters?: readonly PlaceFieldFilter[];
  limit: number;
  after?: PageCursor;
  /** `false`: skip counting the matches (`total` is then 0). */
  withTotal?: boolean;
}

/** The WHERE of a list, with what its order and a nearest-first walk need. */
export interface ListFilter {
  /** The parameters so far; later pieces add theirs after them. */
  sql: Sql;
  /** Conditions on `places p` (no join needed), to be joined with AND. */
  where: string[];
  /** Where distances are measured from (`near`, `covers`, else `origin`); none: id order. */
  origin?: LatLng;
  /** Boxes that hold every match (never crossing the antimeridian), for a nearest-first walk. */
  boxes: Box[];
  /**
   * A condition of `where` a walk replaces by a stand-in: `covers`' box test, which would lead the
   * planner to read every covering place through its own index and sort them, instead of walking.
   * The stand-in is always true but still names the test's parameters (each must have a type).
   */
  notInWalk?: { condition: string; standIn: string };
}

const WHOLE_WORLD: Box = [-180, -90, 180, 90];

/** A box as the API gives it, split in two across the antimeridian (west > east). */
function bboxBoxes({ west, south, east, north }: Bounds): Box[] {
  return west <= east
    ? [[west, south, east, north]]
    : [
        [west, south, 180, north],
        [-180, south, east, north],
      ];
}

/**
 * The filters of `query` as `viewer` may see the places, in SQL on `places p`. `openKeys`: the
 * hours keys (migration 013) open at the instant `openNow`/`openAt` ask for (see open-keys.ts);
 * `staleAfterDays`: the app's STALE_AFTER_DAYS, which the `stale` filter needs.
 */
export function listFilter(
  query: ListQuery,
  viewer: Actor | null,
  { openKeys, staleAfterDays }: { openKeys?: readonly string[]; staleAfterDays?: number } = {},
): ListFilter {
  const sql = new Sql();
  const param = sql.param;
  const where = [visibleToSql(viewer, param), statusSql(query.statuses, param)];
  let boxes: Box[] = [WHOLE_WORLD];
  let notInWalk: ListFilter['notInWalk'];
  if (query.authorId !== undefined) where.push(`p.author_id = ${param(query.authorId, 'int8')}`);
  if (query.bbox) {
    boxes = bboxBoxes(query.bbox);
    where.push(inBoxesSql(boxes, param));
  }
  const near = query.near && query.radius !== undefined ? query.near : undefined;
  if (near && query.radius !== undefined) {
    // The boxes use the GiST index on `location`; the haversine check makes it exact.
    const circle = circleBoxes(near, query.radius);
    where.push(inBoxesSql(circle, param));
    // A polygon about the circle, which the index checks exactly: the box's corners are skipped.
    const ring = circlePolygon(near, query.radius);
    if (ring) where.push(`p.location <@ ${param(ring, 'polygon')}`);
    where.push(`${distanceSql(near, param)} <= ${param(query.radius, 'float8')}`);
    // With a bbox too, the walk's boxes may be the circle's: every match is in both.
    boxes = circle;
  }
  if (query.covers) {
    const x = param(query.covers.lng, 'float8');
    const y = param(query.covers.lat, 'float8');
    // `radius IS NOT NULL` (and the published literal) match the partial GiST indexes.
    notInWalk = {
      condition: `p.coverage && box(point(${x}, ${y}), point(${x}, ${y}))`,
      standIn: `(${x} IS NOT NULL OR ${y} IS NOT NULL)`,
    };
    where.push('p.radius IS NOT NULL', notInWalk.condition);
    where.push(`${distanceSql(query.covers, param)} <= p.radius`);
    // A place covering the point stands at most the largest radius away.
    if (!near) boxes = circleBoxes(query.covers, MAX_PLACE_RADIUS_M);
  }
  const search = query.q === undefined ? undefined : searchSql(query.q, param);
  if (search) where.push(search.filter);
  if (query.categories && query.categories.length > 0) {
    // By id, so the count needs no join with categories.
    where.push(
      `p.category_id IN (SELECT id FROM categories WHERE slug = ANY(${param(query.categories, 'text[]')}))`,
    );
  }
  if (query.stale !== undefined) {
    if (staleAfterDays === undefined) throw new Error('The stale filter needs STALE_AFTER_DAYS');
    const cutoff = staleCutoff(staleAfterDays).toISOString();
    where.push(`p.last_confirmed_at ${query.stale ? '<' : '>='} ${param(cutoff, 'timestamptz')}`);
  }
  if (openKeys) where.push(`p.hours_key = ANY(${param(openKeys, 'text[]')})`);
  if (query.fieldFilters) where.push(...fieldFiltersSql(query.fieldFilters, param));
  // `near` and `covers` measure from their own point.
  const origin = near ?? query.covers ?? query.origin;
  return { sql, where, origin, boxes, notInWalk };
}

/** A copy of the filter's parameters, for one more query built on the same WHERE. */
export function sqlAfter(filter: ListFilter): Sql {
  const sql = new Sql();
  sql.params.push(...filter.sql.params);
  return sql;
}
