import type { LatLng, PlaceListItem } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import { type PlaceRow, toListItem } from './place-row.ts';
import type { Actor } from './place-rules.ts';
import { distanceSql, Sql } from './place-sql.ts';
import { placeColumnsSql } from './place-visibility.ts';
import { type SearchSql, searchSql } from './search-sql.ts';

export interface SuggestQuery {
  q: string;
  origin?: LatLng;
  categories?: readonly string[];
  limit: number;
}

/**
 * Suggestions rank at most this many matches; a short, common prefix matches far more (a fifth
 * of the places for "lje"), and then the nearest matches are taken from the location index instead.
 */
const SUGGESTION_CANDIDATES = 2000;
/** How many of the nearest matches the location index gives a suggestion over the cap. */
const NEAREST_CANDIDATES = 50;

/** The type-ahead's reader: a few published places for a search box. */
export function createPlaceSuggestions(db: Queryable) {
  /**
   * The best published matches of `narrow` by (rank, distance, id): exact when at most
   * SUGGESTION_CANDIDATES match; beyond that, the best of the nearest NEAREST_CANDIDATES (a
   * nearest-first walk of the location index, which stops as soon as it has found them). Rank and
   * distance are worked out for the candidates alone; only the `limit` best are read in full.
   */
  async function bestPublished(
    query: SuggestQuery,
    viewer: Actor | null,
    narrow: (search: SearchSql) => string | null,
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
  };
}
