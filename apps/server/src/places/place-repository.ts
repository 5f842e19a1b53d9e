import type { Bounds, LatLng, Place, PlaceListItem, PlaceStatus } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import type { PageCursor } from './cursor.ts';
import type { Actor } from './place-rules.ts';
import { placeColumnsSql, visibleToSql } from './place-visibility.ts';

/** Mean Earth radius in metres (IUGG), as used by the haversine formula. */
const EARTH_RADIUS_M = 6_371_008.8;

/** A place row as the readers select it (see place-visibility.ts for the columns). */
export interface PlaceRow {
  id: number;
  external_id: string | null;
  name: Record<string, string>;
  description: Record<string, string>;
  primary_language: string;
  category_id: number;
  category: string;
  lat: number;
  lng: number;
  radius: number | null;
  location_privacy: Place['locationPrivacy'];
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  status: Place['status'];
  created_at: Date;
  updated_at: Date;
  published_at: Date | null;
  version: number;
  /** The reader is the author or a moderator: the row holds the exact position. */
  owned: boolean;
  author_id: number | null;
  rejection_reason: string | null;
  distance?: number | null;
}

/** The API's place from a row; the private fields only when the row says the reader owns it. */
export function toPlace(row: PlaceRow): Place {
  return {
    id: row.id,
    externalId: row.external_id,
    name: row.name,
    description: row.description,
    primaryLanguage: row.primary_language,
    categoryId: row.category_id,
    category: row.category,
    lat: row.lat,
    lng: row.lng,
    radius: row.radius,
    locationPrivacy: row.location_privacy,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    publishedAt: row.published_at ? row.published_at.toISOString() : null,
    version: row.version,
    ...(row.owned ? { authorId: row.author_id, rejectionReason: row.rejection_reason } : {}),
  };
}

/** A list's place: the place, and its distance from the list's point to a tenth of a metre. */
function toListItem(row: PlaceRow): PlaceListItem {
  const { distance } = row;
  return {
    ...toPlace(row),
    distance: distance === null || distance === undefined ? null : Math.round(distance * 10) / 10,
  };
}

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
  limit: number;
  after?: PageCursor;
  /** `false`: skip counting the matches (`total` is then 0), e.g. for an export reading page after page. */
  withTotal?: boolean;
}

export interface SuggestQuery {
  q: string;
  origin?: LatLng;
  categories?: readonly string[];
  limit: number;
}

export interface ListPage {
  items: PlaceListItem[];
  total: number;
  /** The last row's position when there is another page. */
  next: PageCursor | null;
}

/** SQL text with numbered parameters, built piece by piece. */
class Sql {
  readonly params: unknown[] = [];
  readonly param = (value: unknown, cast: string): string => {
    this.params.push(value);
    return `$${this.params.length}::${cast}`;
  };
}

/** The centre of a box, across the antimeridian when `west > east`. */
export function bboxCentre(bbox: Bounds): LatLng {
  const width = bbox.west <= bbox.east ? bbox.east - bbox.west : bbox.east + 360 - bbox.west;
  let lng = bbox.west + width / 2;
  if (lng > 180) lng -= 360;
  return { lat: (bbox.south + bbox.north) / 2, lng };
}

/** Metres per degree along a great circle, on the sphere of {@link EARTH_RADIUS_M}. */
const METRES_PER_DEGREE = (EARTH_RADIUS_M * Math.PI) / 180;
/** Words of a search beyond this many are ignored (each costs an index probe). */
const MAX_SEARCH_WORDS = 8;
/**
 * Suggestions rank at most this many matches; a short, common prefix matches far more (a fifth
 * of the places for "lje"), and then the nearest matches are taken from the location index instead.
 */
const SUGGESTION_CANDIDATES = 2000;
/** How many of the nearest matches the location index gives a suggestion over the cap. */
const NEAREST_CANDIDATES = 50;

/** A box as `[west, south, east, north]`, west ≤ east. */
type Box = [number, number, number, number];

/**
 * Boxes (never crossing the antimeridian) that together hold every point within `radius` metres
 * of `centre` on the sphere: the GiST prefilter before the exact haversine check. A circle over a
 * pole gets the full width; one across the antimeridian, a box on each side.
 */
export function circleBoxes(centre: LatLng, radius: number): Box[] {
  // A hair wider than the exact extent, so rounding never drops a point on the edge.
  const dLat = (radius / METRES_PER_DEGREE) * 1.000001 + 1e-9;
  const south = Math.max(-90, centre.lat - dLat);
  const north = Math.min(90, centre.lat + dLat);
  if (centre.lat + dLat >= 90 || centre.lat - dLat <= -90) return [[-180, south, 180, north]];
  // The widest longitude span of a spherical cap: asin(sin r / cos φ).
  const ratio = Math.sin(radius / EARTH_RADIUS_M) / Math.cos((centre.lat * Math.PI) / 180);
  const dLng = ratio >= 1 ? 180 : ((Math.asin(ratio) * 180) / Math.PI) * 1.000001 + 1e-9;
  if (dLng >= 180) return [[-180, south, 180, north]];
  const west = centre.lng - dLng;
  const east = centre.lng + dLng;
  if (west < -180) {
    return [
      [west + 360, south, 180, north],
      [-180, south, east, north],
    ];
  }
  if (east > 180) {
    return [
      [west, south, 180, north],
      [-180, south, east - 360, north],
    ];
  }
  return [[west, south, east, north]];
}

/** Haversine metres from the row's public position to a point (never from the exact position). */
function distanceSql(point: LatLng, param: Sql['param']): string {
  const lat = param(point.lat, 'float8');
  const lng = param(point.lng, 'float8');
  // least(1, …) keeps asin defined when rounding nudges the argument past 1.
  return `(2 * ${EARTH_RADIUS_M} * asin(least(1, sqrt(
    power(sin(radians(p.public_lat - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(p.public_lat)) * power(sin(radians(p.public_lng - ${lng}) / 2), 2)))))`;
}

/** Whether the row's public position is in one of the boxes (GiST on `location`). */
function inBoxesSql(boxes: readonly Box[], param: Sql['param']): string {
  const parts = boxes.map(
    ([west, south, east, north]) =>
      `p.location <@ box(point(${param(west, 'float8')}, ${param(south, 'float8')}), point(${param(east, 'float8')}, ${param(north, 'float8')}))`,
  );
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`;
}

/**
 * The search filter and rank. Each word must occur in the folded text (one trigram index probe
 * each); the rank puts names first: 0 a name begins with the query, 1 a word of a name does,
 * 2 the names hold every word, 3 only a description or the address matches.
 */
function searchSql(
  search: string,
  param: Sql['param'],
): { filter: string; rank: () => string; namePrefix: () => string } {
  const words = search
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, MAX_SEARCH_WORDS);
  const folded = words.map((word) => `karta_fold(${param(word, 'text')})`);
  const filter = folded.map((word) => `p.search_text LIKE '%' || ${word} || '%'`).join(' AND ');
  const inNames = folded.map((word) => `p.search_name LIKE '%' || ${word} || '%'`).join(' AND ');
  // Called after the filter is complete: the count query takes the filter's parameters only.
  const rank = () => {
    const phrase = `karta_fold(${param(search, 'text')})`;
    return `(CASE
      WHEN p.search_name LIKE '%|' || ${phrase} || '%' THEN 0
      WHEN p.search_name LIKE '% ' || ${phrase} || '%' THEN 1
      WHEN ${inNames} THEN 2
      ELSE 3 END)`;
  };
  /** A name, or a word of one, begins with the whole query (rank 0 or 1). */
  const namePrefix = () => {
    const phrase = `karta_fold(${param(search, 'text')})`;
    return `(p.search_name LIKE '%|' || ${phrase} || '%' OR p.search_name LIKE '% ' || ${phrase} || '%')`;
  };
  return { filter: `(${filter})`, rank, namePrefix };
}

/** Rows after the cursor's row in the order of `keys` (lexicographic, each ascending or not). */
function afterSql(keys: readonly { column: string; value: string; descending?: boolean }[]): string {
  const [first, ...rest] = keys;
  if (!first) return 'TRUE';
  const beyond = `${first.column} ${first.descending ? '<' : '>'} ${first.value}`;
  return rest.length === 0
    ? beyond
    : `(${beyond} OR (${first.column} = ${first.value} AND ${afterSql(rest)}))`;
}

/** The status filter; published alone as a literal, so the partial indexes of published places apply. */
function statusSql(statuses: readonly PlaceStatus[], param: Sql['param']): string {
  if (statuses.length === 1 && statuses[0] === 'published') return `p.status = 'published'`;
  return `p.status = ANY(${param(statuses, 'text[]')})`;
}

/**
 * Reads places for the API, each as `viewer` may see it (null: a visitor): see place-visibility.ts.
 * Boxes and distances use the public position for everyone, so no answer reveals an exact spot.
 */
export function createPlaceRepository(db: Queryable) {
  /**
   * The best published matches of `narrow` by (rank, distance, id): exact when at most
   * SUGGESTION_CANDIDATES match; beyond that, the best of the nearest NEAREST_CANDIDATES (a
   * nearest-first walk of the location index, which stops as soon as it has found them). Rank and
   * distance are worked out for the candidates alone; only the `limit` best are read in full.
   */
  async function bestPublished(
    query: SuggestQuery,
    viewer: Actor | null,
    narrow: (search: ReturnType<typeof searchSql>) => string | null,
  ): Promise<PlaceListItem[]> {
    const run = async (nearestFirst: boolean) => {
      const sql = new Sql();
      const param = sql.param;
      const search = searchSql(query.q, param);
      const where = [`p.status = 'published'`, search.filter];
      const extra = narrow(search);
      if (extra) where.push(extra);
      if (query.categories && query.categories.length > 0) {
        where.push(
          `p.category_id IN (SELECT id FROM categories WHERE slug = ANY(${param(query.categories, 'text[]')}))`,
        );
      }
      const origin = query.origin;
      const order = nearestFirst
        ? origin
          ? `p.location <-> point(${param(origin.lng, 'float8')}, ${param(origin.lat, 'float8')})`
          : 'p.id'
        : null;
      const cap = nearestFirst ? NEAREST_CANDIDATES : SUGGESTION_CANDIDATES + 1;
      const { rows } = await db.query<PlaceRow & { candidates: number }>(
        `WITH q AS (
           SELECT p.id, ${origin ? distanceSql(origin, param) : 'NULL::float8'} AS distance, ${search.rank()} AS rank
           FROM places p
           WHERE ${where.join(' AND ')}
           ${order ? `ORDER BY ${order}` : ''}
           LIMIT ${param(cap, 'int4')}
         )
         SELECT ${placeColumnsSql(viewer, param)}, q.distance, (SELECT count(*) FROM q)::int AS candidates
         FROM q JOIN places p ON p.id = q.id JOIN categories c ON c.id = p.category_id
         ORDER BY q.rank, q.distance, q.id
         LIMIT ${param(query.limit, 'int4')}`,
        sql.params,
      );
      return { rows, overCap: (rows[0]?.candidates ?? 0) > SUGGESTION_CANDIDATES };
    };
    let { rows, overCap } = await run(false);
    if (overCap) ({ rows } = await run(true));
    return rows.map(({ candidates: _candidates, ...row }) => toListItem(row));
  }

  return {
    /**
     * A few published places for a search box: names (or a word of them) beginning with the query
     * first, then the other matches; bounded work however common the prefix (see bestPublished).
     */
    async suggest(query: SuggestQuery, viewer: Actor | null): Promise<PlaceListItem[]> {
      const byName = await bestPublished(query, viewer, (search) => search.namePrefix());
      if (byName.length >= query.limit) return byName;
      const found = new Set(byName.map((place) => place.id));
      const others = await bestPublished(
        { ...query, limit: query.limit + byName.length },
        viewer,
        () => null,
      );
      return [...byName, ...others.filter((place) => !found.has(place.id))].slice(0, query.limit);
    },

    /** A place the viewer may see, or undefined. */
    async find(id: number, viewer: Actor | null): Promise<Place | undefined> {
      const sql = new Sql();
      const param = sql.param;
      const { rows } = await db.query<PlaceRow>(
        `SELECT ${placeColumnsSql(viewer, param)} FROM places p JOIN categories c ON c.id = p.category_id
         WHERE p.id = ${param(id, 'int8')} AND ${visibleToSql(viewer, param)}`,
        sql.params,
      );
      return rows[0] ? toPlace(rows[0]) : undefined;
    },

    /**
     * One page of the places the viewer may see, nearest to `origin` first (ties by id), after
     * `after`. Keyset pagination on (distance, id): pages never skip or repeat a place while data
     * is stable.
     */
    async list(query: ListQuery, viewer: Actor | null): Promise<ListPage> {
      const sql = new Sql();
      const param = sql.param;
      const where = [visibleToSql(viewer, param), statusSql(query.statuses, param)];
      if (query.authorId !== undefined) where.push(`p.author_id = ${param(query.authorId, 'int8')}`);
      if (query.bbox) {
        const { west, south, east, north } = query.bbox;
        // Across the antimeridian: the part east of `west` and the part west of `east`.
        const boxes: Box[] =
          west <= east
            ? [[west, south, east, north]]
            : [
                [west, south, 180, north],
                [-180, south, east, north],
              ];
        where.push(inBoxesSql(boxes, param));
      }
      const near = query.near && query.radius !== undefined ? query.near : undefined;
      if (near && query.radius !== undefined) {
        // The boxes use the GiST index on `location`; the haversine check makes it exact.
        where.push(inBoxesSql(circleBoxes(near, query.radius), param));
        where.push(`${distanceSql(near, param)} <= ${param(query.radius, 'float8')}`);
      }
      if (query.covers) {
        const x = param(query.covers.lng, 'float8');
        const y = param(query.covers.lat, 'float8');
        // `radius IS NOT NULL` (and the published literal) match the partial GiST index on `coverage`.
        where.push(`p.radius IS NOT NULL AND p.coverage && box(point(${x}, ${y}), point(${x}, ${y}))`);
        where.push(`${distanceSql(query.covers, param)} <= p.radius`);
      }
      const search = query.q === undefined ? undefined : searchSql(query.q, param);
      if (search) where.push(search.filter);
      if (query.categories && query.categories.length > 0) {
        // By id, so the count needs no join with categories.
        where.push(
          `p.category_id IN (SELECT id FROM categories WHERE slug = ANY(${sql.param(query.categories, 'text[]')}))`,
        );
      }
      const filter = where.join(' AND ');
      const countParams = [...sql.params];
      const columns = placeColumnsSql(viewer, param);

      // `near` and `covers` measure from their own point.
      const origin = near ?? query.covers ?? query.origin;
      const distance = origin ? distanceSql(origin, param) : 'NULL::float8';
      const rank = search ? search.rank() : 'NULL::int4';
      const newest = !origin && query.order === 'newest';
      // The order: search rank, then distance, then id (newest first only in a plain id list).
      const keys: { column: string; descending?: boolean; value: () => string }[] = [];
      const after = query.after;
      if (search) keys.push({ column: 'q.rank', value: () => param(after?.rank ?? 0, 'int4') });
      if (origin) keys.push({ column: 'q.distance', value: () => param(after?.distance ?? 0, 'float8') });
      keys.push({ column: 'q.id', descending: newest, value: () => param(after?.id ?? 0, 'int8') });
      const afterFilter = after
        ? `WHERE ${afterSql(keys.map((key) => ({ ...key, value: key.value() })))}`
        : '';
      const order = keys.map((key) => `${key.column}${key.descending ? ' DESC' : ''}`).join(', ');
      const limit = sql.param(query.limit + 1, 'int4');

      const [page, count] = await Promise.all([
        db.query<PlaceRow & { rank: number | null }>(
          `SELECT * FROM (
             SELECT ${columns}, ${distance} AS distance, ${rank} AS rank
             FROM places p JOIN categories c ON c.id = p.category_id
             WHERE ${filter}
           ) AS q
           ${afterFilter}
           ORDER BY ${order}
           LIMIT ${limit}`,
          sql.params,
        ),
        query.withTotal === false
          ? { rows: [{ total: 0 }] }
          : db.query<{ total: number }>(
              `SELECT count(*)::int AS total FROM places p WHERE ${filter}`,
              countParams,
            ),
      ]);
      const rows = page.rows.slice(0, query.limit);
      const last = rows[rows.length - 1];
      return {
        items: rows.map(({ rank: _rank, ...row }) => toListItem(row)),
        total: count.rows[0]?.total ?? 0,
        next:
          page.rows.length > query.limit && last
            ? {
                ...(search ? { rank: last.rank ?? 0 } : {}),
                distance: last.distance ?? null,
                id: last.id,
              }
            : null,
      };
    },
  };
}

export type PlaceRepository = ReturnType<typeof createPlaceRepository>;
