import type { Bounds, LatLng, Place, PlaceListItem } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import type { PageCursor } from './cursor.ts';

/** Mean Earth radius in metres (IUGG), as used by the haversine formula. */
const EARTH_RADIUS_M = 6_371_008.8;

interface PlaceRow {
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
  distance?: number | null;
}

/** Columns of a place as the public API shows it: the public (possibly coarsened) position. */
const PLACE_COLUMNS = `p.id, p.external_id, p.name, p.description, p.primary_language, p.category_id,
  c.slug AS category, p.public_lat AS lat, p.public_lng AS lng, p.radius, p.location_privacy,
  p.address, p.phone, p.email, p.website, p.status, p.created_at, p.updated_at, p.published_at, p.version`;

function toPlace(row: PlaceRow): Place {
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
  };
}

export interface ListQuery {
  bbox?: Bounds;
  categories?: readonly string[];
  /** Sort by distance from here; without it the list is in id order. */
  origin?: LatLng;
  limit: number;
  after?: PageCursor;
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
  param(value: unknown, cast: string): string {
    this.params.push(value);
    return `$${this.params.length}::${cast}`;
  }
}

/** The centre of a box, across the antimeridian when `west > east`. */
export function bboxCentre(bbox: Bounds): LatLng {
  const width = bbox.west <= bbox.east ? bbox.east - bbox.west : bbox.east + 360 - bbox.west;
  let lng = bbox.west + width / 2;
  if (lng > 180) lng -= 360;
  return { lat: (bbox.south + bbox.north) / 2, lng };
}

/** Reads published places for the public API. */
export function createPlaceRepository(db: Queryable) {
  return {
    /** A published place, or undefined. */
    async findPublished(id: number): Promise<Place | undefined> {
      const { rows } = await db.query<PlaceRow>(
        `SELECT ${PLACE_COLUMNS} FROM places p JOIN categories c ON c.id = p.category_id
         WHERE p.id = $1::int8 AND p.status = 'published'`,
        [id],
      );
      return rows[0] ? toPlace(rows[0]) : undefined;
    },

    /**
     * One page of published places, nearest to `origin` first (ties by id), after `after`.
     * Keyset pagination on (distance, id): pages never skip or repeat a place while data is stable.
     */
    async listPublished(query: ListQuery): Promise<ListPage> {
      const sql = new Sql();
      const where = [`p.status = 'published'`];
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
      const after = query.after
        ? query.origin
          ? `WHERE (q.distance, q.id) > (${sql.param(query.after.distance, 'float8')}, ${sql.param(query.after.id, 'int8')})`
          : `WHERE q.id > ${sql.param(query.after.id, 'int8')}`
        : '';
      const order = query.origin ? 'q.distance, q.id' : 'q.id';
      const limit = sql.param(query.limit + 1, 'int4');

      const [page, count] = await Promise.all([
        db.query<PlaceRow>(
          `SELECT * FROM (
             SELECT ${PLACE_COLUMNS}, ${distance} AS distance
             FROM places p JOIN categories c ON c.id = p.category_id
             WHERE ${filter}
           ) AS q
           ${after}
           ORDER BY ${order}
           LIMIT ${limit}`,
          sql.params,
        ),
        db.query<{ total: number }>(
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
