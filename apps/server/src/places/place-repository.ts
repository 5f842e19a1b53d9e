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
  limit: number;
  after?: PageCursor;
  /** `false`: skip counting the matches (`total` is then 0), e.g. for an export reading page after page. */
  withTotal?: boolean;
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
  return {
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
        const s = sql.param(south, 'float8');
        const n = sql.param(north, 'float8');
        if (west <= east) {
          where.push(
            `p.location <@ box(point(${sql.param(west, 'float8')}, ${s}), point(${sql.param(east, 'float8')}, ${n}))`,
          );
        } else {
          // Across the antimeridian: the part east of `west` and the part west of `east`.
          where.push(
            `(p.location <@ box(point(${sql.param(west, 'float8')}, ${s}), point(180, ${n}))
              OR p.location <@ box(point(-180, ${s}), point(${sql.param(east, 'float8')}, ${n})))`,
          );
        }
      }
      if (query.categories && query.categories.length > 0) {
        // By id, so the count needs no join with categories.
        where.push(
          `p.category_id IN (SELECT id FROM categories WHERE slug = ANY(${sql.param(query.categories, 'text[]')}))`,
        );
      }
      const filter = where.join(' AND ');
      const countParams = [...sql.params];
      const columns = placeColumnsSql(viewer, param);

      const distance = query.origin
        ? (() => {
            const lat = sql.param(query.origin.lat, 'float8');
            const lng = sql.param(query.origin.lng, 'float8');
            // Haversine; least(1, …) keeps asin defined when rounding nudges the argument past 1.
            return `(2 * ${EARTH_RADIUS_M} * asin(least(1, sqrt(
              power(sin(radians(p.public_lat - ${lat}) / 2), 2)
              + cos(radians(${lat})) * cos(radians(p.public_lat)) * power(sin(radians(p.public_lng - ${lng}) / 2), 2)))))`;
          })()
        : 'NULL::float8';
      const newest = !query.origin && query.order === 'newest';
      const after = query.after
        ? query.origin
          ? `WHERE (q.distance, q.id) > (${sql.param(query.after.distance, 'float8')}, ${sql.param(query.after.id, 'int8')})`
          : `WHERE q.id ${newest ? '<' : '>'} ${sql.param(query.after.id, 'int8')}`
        : '';
      const order = query.origin ? 'q.distance, q.id' : newest ? 'q.id DESC' : 'q.id';
      const limit = sql.param(query.limit + 1, 'int4');

      const [page, count] = await Promise.all([
        db.query<PlaceRow>(
          `SELECT * FROM (
             SELECT ${columns}, ${distance} AS distance
             FROM places p JOIN categories c ON c.id = p.category_id
             WHERE ${filter}
           ) AS q
           ${after}
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
        items: rows.map((row) => ({
          ...toPlace(row),
          distance:
            row.distance === null || row.distance === undefined ? null : Math.round(row.distance * 10) / 10,
        })),
        total: count.rows[0]?.total ?? 0,
        next:
          page.rows.length > query.limit && last ? { distance: last.distance ?? null, id: last.id } : null,
      };
    },
  };
}

export type PlaceRepository = ReturnType<typeof createPlaceRepository>;
