import type { LatLng, Place, PlaceListItem } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import { createOpenKeys } from '../opening-hours/open-keys.ts';
import { boundedCount } from './bounded-count.ts';
import type { PageCursor } from './cursor.ts';
import type { KeptByPlace } from './kept-by-place.ts';
import type { KeptPageJson } from './kept-page.ts';
import { boundedInIdOrder, listInOrder } from './list-in-order.ts';
import { type ListFilter, type ListQuery, listFilter, sqlAfter } from './list-sql.ts';
import { nearestPage } from './nearest-walk.ts';
import { type KeptListItem, type PlaceRow, toListItem, toPlace } from './place-row.ts';
import type { Actor } from './place-rules.ts';
import { createPlaceSearch } from './place-search.ts';
import type { PlaceSettings } from './place-settings.ts';
import { afterSql, distanceOrNullSql, Sql } from './place-sql.ts';
import { createPlaceSuggestions, type SuggestQuery } from './place-suggestions.ts';
import { placeColumnsSql, visibleToSql } from './place-visibility.ts';
import { type CountPublished, countFromIndex } from './published-count.ts';
import { type NearPublished, nearPageFromIndex } from './published-near.ts';
import { type SearchPublished, searchPageFromIndex } from './published-search.ts';

export type { ListQuery } from './list-sql.ts';
export type { SuggestQuery } from './place-suggestions.ts';
export type { CountPublished } from './published-count.ts';
export type { NearPublished } from './published-near.ts';
export type { SearchPublished } from './published-search.ts';

/** What the map index, which holds every published place, answers for lists of them. */
export interface PublishedFromMemory {
  count: CountPublished;
  near: NearPublished;
  search: SearchPublished;
  /** Published places' rows as a visitor sees them, kept until the index reads their change. */
  rows?: KeptByPlace<KeptListItem>;
}

export interface ListPage {
  items: PlaceListItem[];
  /** Matches counted up to LIST_COUNT_BOUND (see bounded-count.ts). */
  total: number;
  totalIsLowerBound: boolean;
  /** The last row's position when there is another page. */
  next: PageCursor | null;
  /**
   * The page was found in the map index just after it caught up with the change log, which
   * tells what is kept of published places (kept-by-place.ts) of every change it read.
   */
  caughtUp?: true;
  /** A visitor's page made of kept items: its answer written as JSON from them (kept-page.ts). */
  kept?: KeptPageJson;
}

/**
 * Reads places for the API, each as `viewer` may see it (null: a visitor): see place-visibility.ts.
 * Boxes and distances use the public position for everyone, so no answer reveals an exact spot.
 * Places are read with `settings`, the app's (services.ts). A list of published places counts its
 * matches from memory where it can (`fromMemory`, the map index), in SQL otherwise: a count in SQL
 * reads every match in the box up to the bound, one from memory only the box's edge; and a list
 * within a circle, nearest first, takes its page from memory too, reading only the page's rows.
 */
export function createPlaceRepository(
  db: Queryable,
  settings: PlaceSettings,
  fromMemory?: PublishedFromMemory,
) {
  const countPublished = fromMemory?.count;
  const suggestions = createPlaceSuggestions(db, settings);
  const placeSearch = createPlaceSearch(db, settings);
  const openKeys = createOpenKeys(db, settings.hours);
  const { staleAfterDays } = settings;
  /** The hours keys open at the instant the query asks for, or undefined when it asks none. */
  const openKeysOf = ({ openNow, openAt }: Pick<ListQuery, 'openNow' | 'openAt'>) =>
    openAt !== undefined
      ? openKeys.openKeys(new Date(openAt))
      : openNow
        ? openKeys.openKeys()
        : Promise.resolve(undefined);
  return {
    /** A few published places for a search box, from memory when the word index can answer. */
    async suggest(query: SuggestQuery, viewer: Actor | null): Promise<PlaceListItem[]> {
      const fromIndex = await searchPageFromIndex(
        db,
        settings,
        fromMemory?.search,
        { ...query, statuses: ['published'], order: 'oldest', withTotal: false },
        viewer,
        fromMemory?.rows,
      );
      return fromIndex?.items ?? suggestions.suggest(query, viewer);
    },

    /** Every place of a list's filters in one ordered pass, page by page (see list-in-order.ts). */
    async *listInOrder(query: Parameters<typeof listInOrder>[2], viewer: Actor | null, pageSize: number) {
      yield* listInOrder(db, settings, query, viewer, pageSize, await openKeysOf(query));
    },

    /**
     * Every place of a list's filters the viewer may see, in id order, page by page, when at
     * most `bound` match (see list-in-order.ts); null when more do, found after `bound + 1`.
     */
    async inIdOrderUpTo(
      query: Parameters<typeof listInOrder>[2],
      viewer: Actor | null,
      options: { bound: number; pageSize: number; at?: Date },
    ) {
      return boundedInIdOrder(db, settings, query, viewer, { ...options, openKeys: await openKeysOf(query) });
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
      return rows[0] ? toPlace(rows[0], settings) : undefined;
    },

    /**
     * One page of the places the viewer may see, nearest to `origin` first (ties by id), after
     * `after`. Keyset pagination on (distance, id): pages never skip or repeat a place while data
     * is stable.
     */
    async list(query: ListQuery, viewer: Actor | null): Promise<ListPage> {
      const open = await openKeysOf(query);
      if (query.q !== undefined) {
        const fromIndex = await searchPageFromIndex(
          db,
          settings,
          fromMemory?.search,
          { ...query, q: query.q },
          viewer,
          fromMemory?.rows,
        );
        if (fromIndex) return fromIndex;
        // A search ranks its matches with bounded work of its own (place-search.ts, decision 016).
        const others = listFilter({ ...query, q: undefined }, viewer, { openKeys: open, staleAfterDays });
        return placeSearch.search(
          {
            q: query.q,
            where: others.where,
            params: others.sql.params,
            origin: others.origin,
            newest: query.order === 'newest',
            after: query.after,
            limit: query.limit,
            withTotal: query.withTotal !== false,
          },
          viewer,
        );
      }
      const fromIndex = await nearPageFromIndex(
        db,
        settings,
        fromMemory?.near,
        query,
        viewer,
        fromMemory?.rows,
      );
      if (fromIndex) return fromIndex;
      const filter = listFilter(query, viewer, { openKeys: open, staleAfterDays });
      const where = filter.where.join(' AND ');
      const { origin } = filter;
      const count = async () =>
        query.withTotal === false
          ? { total: 0, totalIsLowerBound: false }
          : ((await countFromIndex(countPublished, query)) ??
            boundedCount(db, `FROM places p WHERE ${where}`, [...filter.sql.params]));
      if (origin) {
        // `covers` is counted first: few places covering the point (the usual case) are cheaper
        // measured and sorted than found by walking past every place with a radius around it.
        if (query.covers) {
          const counted = await count();
          if (!counted.totalIsLowerBound && query.withTotal !== false) {
            return { ...(await sortedPage(db, settings, filter, query, viewer)), ...counted };
          }
          return { ...(await walkedPage(db, settings, filter, query, viewer, origin)), ...counted };
        }
        const [page, counted] = await Promise.all([
          walkedPage(db, settings, filter, query, viewer, origin),
          count(),
        ]);
        return { ...page, ...counted };
      }
      const [page, counted] = await Promise.all([sortedPage(db, settings, filter, query, viewer), count()]);
      return { ...page, ...counted };
    },
  };
}

export type PlaceRepository = ReturnType<typeof createPlaceRepository>;

type Page = Pick<ListPage, 'items' | 'next'>;

/** A distance-ordered page read by nearest-first index walks (see nearest-walk.ts). */
async function walkedPage(
  db: Queryable,
  settings: PlaceSettings,
  filter: ListFilter,
  query: ListQuery,
  viewer: Actor | null,
  origin: LatLng,
): Promise<Page> {
  const { rows, more } = await nearestPage(db, filter, {
    origin,
    viewer,
    limit: query.limit,
    after: query.after,
  });
  const last = rows[rows.length - 1];
  return {
    items: rows.map((row) => toListItem(row, settings)),
    next: more && last ? { distance: last.distance ?? null, id: last.id } : null,
  };
}

/**
 * A page in the order (distance, id), or id order without an origin (newest first only in a plain
 * id list), after the cursor: the id index gives the id order; distances are measured for the few
 * places covering a point (fewer than the count bound).
 */
async function sortedPage(
  db: Queryable,
  settings: PlaceSettings,
  filter: ListFilter,
  query: ListQuery,
  viewer: Actor | null,
): Promise<Page> {
  const sql = sqlAfter(filter);
  const param = sql.param;
  const { origin } = filter;
  const columns = placeColumnsSql(viewer, param);
  const distance = distanceOrNullSql(origin, param);
  const newest = !origin && query.order === 'newest';
  const keys: { column: string; descending?: boolean; value: () => string }[] = [];
  const after = query.after;
  if (origin) keys.push({ column: 'q.distance', value: () => param(after?.distance ?? 0, 'float8') });
  keys.push({ column: 'q.id', descending: newest, value: () => param(after?.id ?? 0, 'int8') });
  const afterFilter = after ? `WHERE ${afterSql(keys.map((key) => ({ ...key, value: key.value() })))}` : '';
  const order = keys.map((key) => `${key.column}${key.descending ? ' DESC' : ''}`).join(', ');
  const page = await db.query<PlaceRow>(
    `SELECT * FROM (
       SELECT ${columns}, ${distance} AS distance
       FROM places p JOIN categories c ON c.id = p.category_id
       WHERE ${filter.where.join(' AND ')}
     ) AS q
     ${afterFilter}
     ORDER BY ${order}
     LIMIT ${param(query.limit + 1, 'int4')}`,
    sql.params,
  );
  const rows = page.rows.slice(0, query.limit);
  const last = rows[rows.length - 1];
  return {
    items: rows.map((row) => toListItem(row, settings)),
    next: page.rows.length > query.limit && last ? { distance: last.distance ?? null, id: last.id } : null,
  };
}
