import type { Bounds, LatLng, PlaceStatus } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import { type ListFilter, listFilter } from '../places/list-sql.ts';
import type { Actor } from '../places/place-rules.ts';
import { Sql } from '../places/place-sql.ts';

/**
 * Published changes of places: a place added (published, or imported as published), changed while
 * published, archived, or restored, derived from `place_history` with `places`, newest first. The
 * public changes feed reads them, and so will e-mail digests of followed areas. A change is public
 * when the place was public after it; a pending place, its edits and its rejection never are.
 */

/** The filters of `GET /api/v1/places` that say where and what: the list's own SQL applies them. */
export interface ChangeFilters {
  bbox?: Bounds;
  /** Category slugs: any of them. */
  categories?: readonly string[];
  /** Within `radius` metres of this point (both or neither). */
  near?: LatLng;
  radius?: number;
  /** Places whose own radius covers this point. */
  covers?: LatLng;
}

export type ChangeKind = 'added' | 'changed' | 'archived' | 'restored';

/** One published change, with the place as it is now (names and category), at its public position. */
export interface PublicChange {
  /** The history entry's id: unique and stable, for a feed entry's id. */
  id: number;
  placeId: number;
  kind: ChangeKind;
  /** When it happened (the transaction's time). */
  at: Date;
  /** What an edit changed (the API's field names: `name`, `address`, `lat`…); empty otherwise. */
  fields: string[];
  name: Record<string, string>;
  primaryLanguage: string;
  /** The category's slug and names. */
  category: string;
  categoryName: Record<string, string>;
  /** The place's address, only for a place whose exact position is public (see `feeds/`). */
  address: string | null;
  locationPrivacy: 'exact' | '100m' | '1km';
  /** The public position: the centre of the place's grid cell when it is coarse, never the exact one. */
  lat: number;
  lng: number;
  status: Extract<PlaceStatus, 'published' | 'archived'>;
}

export interface ChangesQuery {
  /** At most this many (default {@link DEFAULT_LIMIT}). */
  limit?: number;
  /** Only changes at or after this time. */
  since?: Date;
}

export const DEFAULT_LIMIT = 50;

/**
 * The bounds of the work, whatever the filters (see `publicChanges`). The first walk reads the
 * newest history entries, which hold the answer when the filters match much of what changes;
 * an area of up to `AREA_PLACES` places is then read place by place, exactly; a larger area, where
 * changes are rarer than the first walk could show, is walked on up to `WALK_ROWS` entries.
 *
 * Measured at a million places (PGlite, the slower): a walk costs about 10 µs an entry, reading an
 * area about 6 µs a place, so neither way passes about 100 ms. The two meet where they should: at a
 * million places an area of 5 000 holds 0.5% of them, and gets its 50 changes from a walk of
 * 10 000 if it changes as often as the rest of the site.
 */
export const CHANGE_BOUNDS = { FIRST_WALK_ROWS: 1_000, AREA_PLACES: 5_000, WALK_ROWS: 10_000 };

/**
 * Reads places of any status (so that archived places' changes are found): only the filters'
 * conditions and the statuses asked for apply, and nothing private is ever selected here.
 */
const ANY_STATUS: Actor = { id: 0, role: 'moderator' };

/** The statuses a place with public changes has: it was published, and may be archived since. */
const PUBLIC_STATUSES = ['published', 'archived'] as const;

/** The list's WHERE for `statuses` on `places p` (published alone: its own partial indexes apply). */
function placeFilter(filters: ChangeFilters, statuses: readonly PlaceStatus[]): ListFilter {
  const only = statuses.length === 1 && statuses[0] === 'published';
  return listFilter({ ...filters, statuses, order: 'oldest', limit: 1 }, only ? null : ANY_STATUS);
}

/**
 * Whether history entry `h` of place `p` is a public change: a publication or an archiving; a
 * place imported as published (its `published_at` is its creation's transaction time, a proposal's
 * is later); an edit while the place was published, known from the last entry before it that set
 * its status (none: a place seeded published without history). `p` must be published or archived.
 */
const PUBLIC_CHANGE_SQL = `(
  h.action IN ('published', 'archived')
  OR (h.action = 'created' AND p.published_at <= h.created_at)
  OR (h.action = 'edited' AND coalesce((
    SELECT e.action = 'published' OR (e.action = 'created' AND p.published_at <= e.created_at)
    FROM place_history e
    WHERE e.place_id = h.place_id AND e.id < h.id AND e.action <> 'edited'
    ORDER BY e.id DESC LIMIT 1), TRUE))
)`;

interface Hit {
  id: number;
}

/** Where a walk stopped: its last entry's time (as the database's text, exact) and id. */
interface WalkEdge {
  at: string;
  id: number;
}

interface WalkResult {
  hits: number[];
  /** Set when the walk read every entry it was allowed and found fewer than it wanted. */
  edge?: WalkEdge;
  /** True when no entry is left below the walk (within `since`): its answer is complete. */
  complete: boolean;
}

/**
 * The newest history entries below `before` (and since `since`), at most `scan`, in the
 * `(created_at, id)` index's order: the window a walk reads.
 */
function windowSql(
  param: Sql['param'],
  columns: string,
  options: { scan: number; since?: Date; before?: WalkEdge },
): string {
  const { scan, since, before } = options;
  const bounds = [
    before ? `(h.created_at, h.id) < (${param(before.at, 'timestamptz')}, ${param(before.id, 'int8')})` : '',
    since ? `h.created_at >= ${param(since.toISOString(), 'timestamptz')}` : '',
  ].filter(Boolean);
  return `SELECT ${columns} FROM place_history h
    ${bounds.length > 0 ? `WHERE ${bounds.join(' AND ')}` : ''}
    ORDER BY h.created_at DESC, h.id DESC LIMIT ${param(scan, 'int4')}`;
}

/**
 * Walks the history newest first (the `(created_at, id)` index), at most `scan` entries from below
 * `before`, and keeps the entries of places matching `filter` that are public changes, until
 * `limit` are found. Each entry's place is read by its primary key (`OFFSET 0` keeps the planner
 * from turning the probe into a scan of the places the filter matches), the walk keeps the index's
 * order, and the outer LIMIT stops it at the `limit`-th hit.
 */
async function walk(
  db: Queryable,
  filter: ListFilter,
  options: { scan: number; limit: number; since?: Date; before?: WalkEdge },
): Promise<WalkResult> {
  const { limit } = options;
  const window = windowSql(filter.sql.param, 'h.id, h.place_id, h.action, h.created_at', options);
  // The place by its key alone, then the filter on it (as list-in-order.ts's `placesById`): with
  // the filter beside `id =`, the planner read a `near` circle through the location index for each
  // entry (a second for 1 000 entries at 20 000 places).
  const { rows } = await db.query<Hit>(
    `SELECT h.id FROM (${window}) h
     CROSS JOIN LATERAL (
       SELECT 1 FROM (SELECT * FROM places WHERE id = h.place_id OFFSET 0) p
       WHERE ${filter.where.join(' AND ')} AND ${PUBLIC_CHANGE_SQL}
     ) matched
     ORDER BY h.created_at DESC, h.id DESC
     LIMIT ${filter.sql.param(limit, 'int4')}`,
    filter.sql.params,
  );
  const hits = rows.map((row) => Number(row.id));
  if (hits.length >= limit) return { hits, complete: false };
  // Fewer than wanted: the walk read its whole window. Where did it end, and is there more? The
  // window again, from the index alone (its two columns): a millisecond or two.
  const edgeSql = new Sql();
  const { rows: edges } = await db.query<{ walked: number; at: string | null; id: number | null }>(
    `WITH w AS MATERIALIZED (${windowSql(edgeSql.param, 'h.created_at, h.id', options)})
     SELECT (SELECT count(*)::int FROM w) AS walked,
       (SELECT created_at::text FROM w ORDER BY created_at, id LIMIT 1) AS at,
       (SELECT id FROM w ORDER BY created_at, id LIMIT 1) AS id`,
    edgeSql.params,
  );
  const edge = edges[0];
  if (!edge || edge.walked < options.scan || edge.at === null || edge.id === null)
    return { hits, complete: true };
  return { hits, edge: { at: edge.at, id: Number(edge.id) }, complete: false };
}

/**
 * The ids of the places matching `filters` that may have public changes (published or archived),
 * at most `max` + 1 of them (more than `max`: the area is too large to read place by place). Each
 * status is read through the list's own indexes (location, coverage, category).
 */
async function areaPlaces(db: Queryable, filters: ChangeFilters, max: number): Promise<number[]> {
  const ids: number[] = [];
  for (const status of PUBLIC_STATUSES) {
    const filter = placeFilter(filters, [status]);
    const limit = filter.sql.param(max + 1 - ids.length, 'int4');
    const { rows } = await db.query<{ id: number }>(
      `SELECT p.id FROM places p WHERE ${filter.where.join(' AND ')} LIMIT ${limit}`,
      filter.sql.params,
    );
    ids.push(...rows.map((row) => Number(row.id)));
    if (ids.length > max) break;
  }
  return ids;
}

/**
 * The newest public changes of the places `ids`, place by place: each place's history read newest
 * first through `(place_id, id)`, at most `limit` public changes of each, then the newest of all.
 */
async function changesOfPlaces(db: Queryable, ids: number[], limit: number, since?: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const params: unknown[] = [ids, limit];
  if (since) params.push(since.toISOString());
  const { rows } = await db.query<Hit>(
    `SELECT x.id FROM unnest($1::int8[]) AS a(id)
     JOIN places p ON p.id = a.id
     CROSS JOIN LATERAL (
       SELECT h.id, h.created_at FROM place_history h
       WHERE h.place_id = p.id ${since ? 'AND h.created_at >= $3::timestamptz' : ''} AND ${PUBLIC_CHANGE_SQL}
       ORDER BY h.id DESC LIMIT $2::int4
     ) x
     ORDER BY x.created_at DESC, x.id DESC
     LIMIT $2::int4`,
    params,
  );
  return rows.map((row) => Number(row.id));
}

interface ChangeRow {
  id: number;
  place_id: number;
  action: string;
  status_from: string | null;
  fields: string[] | null;
  created_at: Date;
  name: Record<string, string>;
  primary_language: string;
  address: string | null;
  location_privacy: PublicChange['locationPrivacy'];
  status: PublicChange['status'];
  public_lat: number;
  public_lng: number;
  category: string;
  category_name: Record<string, string>;
}

function kindOf(row: ChangeRow): ChangeKind {
  if (row.action === 'archived') return 'archived';
  if (row.action === 'edited') return 'changed';
  return row.action === 'published' && row.status_from === 'archived' ? 'restored' : 'added';
}

/** The changes `ids` with their places as they are now, newest first. */
async function readChanges(db: Queryable, ids: number[]): Promise<PublicChange[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<ChangeRow>(
    `SELECT h.id, h.place_id, h.action, h.changes #>> '{status,from}' AS status_from,
       CASE WHEN h.action = 'edited' THEN ARRAY(SELECT jsonb_object_keys(h.changes) ORDER BY 1) END AS fields,
       h.created_at, p.name, p.primary_language, p.address, p.location_privacy, p.status,
       p.public_lat, p.public_lng, c.slug AS category, c.name AS category_name
     FROM place_history h
     JOIN places p ON p.id = h.place_id
     JOIN categories c ON c.id = p.category_id
     WHERE h.id = ANY($1::int8[]) AND p.status IN ('published', 'archived')
     ORDER BY h.created_at DESC, h.id DESC`,
    [ids],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    placeId: Number(row.place_id),
    kind: kindOf(row),
    at: row.created_at,
    fields: row.fields ?? [],
    name: row.name,
    primaryLanguage: row.primary_language,
    category: row.category,
    categoryName: row.category_name,
    address: row.location_privacy === 'exact' ? row.address : null,
    locationPrivacy: row.location_privacy,
    lat: row.public_lat,
    lng: row.public_lng,
    status: row.status,
  }));
}

/**
 * The published changes of places matching `filters`, newest first, optionally since a time, at
 * most `limit`. Bounded at any size and for any filter (a street or the whole world, busy or
 * quiet), in three steps:
 *
 * 1. Walk the newest `FIRST_WALK_ROWS` history entries, keeping those of matching places. Enough
 *    found (the filters match much of what changes: the whole site, a city): that is the answer,
 *    since every newer entry was looked at. The walk also ends the search when the history (since
 *    `since`) has no more entries.
 * 2. Otherwise count the matching places, up to `AREA_PLACES` + 1, by the list's indexes. At most
 *    that many (a street, a quarter, a spot with nothing recent): read each one's latest changes
 *    by its history index and take the newest. Exact, whenever they happened.
 * 3. Otherwise (a large area where changes are rare) walk on, up to `WALK_ROWS` entries in all:
 *    the answer holds the area's changes among the site's last `WALK_ROWS`, which is what a feed
 *    of recent changes is for; older ones are left out.
 *
 * So at most `WALK_ROWS` history entries (each with one place read by its key) and `AREA_PLACES`
 * + 1 places counted from an index, or `FIRST_WALK_ROWS` entries and `AREA_PLACES` places with
 * their histories, are read, with one more statement for the 50 answered. How far a walk went is
 * told apart from an empty history by re-reading its window from the time index alone.
 */
export async function publicChanges(
  db: Queryable,
  filters: ChangeFilters,
  query: ChangesQuery = {},
  bounds = CHANGE_BOUNDS,
): Promise<PublicChange[]> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const { since } = query;
  const first = await walk(db, placeFilter(filters, PUBLIC_STATUSES), {
    scan: bounds.FIRST_WALK_ROWS,
    limit,
    since,
  });
  if (first.hits.length >= limit || first.complete || !first.edge) return readChanges(db, first.hits);
  const area = await areaPlaces(db, filters, bounds.AREA_PLACES);
  if (area.length <= bounds.AREA_PLACES)
    return readChanges(db, await changesOfPlaces(db, area, limit, since));
  const rest = await walk(db, placeFilter(filters, PUBLIC_STATUSES), {
    scan: Math.max(0, bounds.WALK_ROWS - bounds.FIRST_WALK_ROWS),
    limit: limit - first.hits.length,
    since,
    before: first.edge,
  });
  return readChanges(db, [...first.hits, ...rest.hits]);
}
