import type { Bounds, LatLng, Place, PlaceListItem, PlaceStatus } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import { boundedCount } from './bounded-count.ts';
import type { PageCursor } from './cursor.ts';
import { type PlaceRow, toListItem, toPlace } from './place-row.ts';
import type { Actor } from './place-rules.ts';
import { afterSql, type Box, circleBoxes, distanceSql, inBoxesSql, Sql, statusSql } from './place-sql.ts';
import { createPlaceSuggestions } from './place-suggestions.ts';
import { placeColumnsSql, visibleToSql } from './place-visibility.ts';
import { searchSql } from './search-sql.ts';

export { bboxCentre } from './place-sql.ts';
export type { SuggestQuery } from './place-suggestions.ts';

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

export interface ListPage {
  items: PlaceListItem[];
  /** Matches counted up to LIST_COUNT_BOUND (see bounded-count.ts). */
  total: number;
  totalIsLowerBound: boolean;
  /** The last row's position when there is another page. */
  next: PageCursor | null;
}

/**
 * Reads places for the API, each as `viewer` may see it (null: a visitor): see place-visibility.ts.
 * Boxes and distances use the public position for everyone, so no answer reveals an exact spot.
 */
export function createPlaceRepository(db: Queryable) {
  const suggestions = createPlaceSuggestions(db);
  return {
    ...suggestions,

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
          ? { total: 0, totalIsLowerBound: false }
          : boundedCount(db, `FROM places p WHERE ${filter}`, countParams),
      ]);
      const rows = page.rows.slice(0, query.limit);
      const last = rows[rows.length - 1];
      return {
        items: rows.map(({ rank: _rank, ...row }) => toListItem(row)),
        ...count,
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
