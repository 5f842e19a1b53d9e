import type { PlaceListItem } from '@karta/contracts';
import { hitOrder, mayHoldTypo, type SearchHit } from '@karta/place-search';
import type { Queryable } from '../db/database.ts';
import { boundedCount } from './bounded-count.ts';
import type { PageCursor } from './cursor.ts';
import { firstMatches } from './first-matches.ts';
import type { KeptPageJson } from './kept-page.ts';
import type { Actor } from './place-rules.ts';
import type { PlaceSettings } from './place-settings.ts';
import { afterSql, distanceOrNullSql, Sql } from './place-sql.ts';
import { listItemsById } from './rows-by-id.ts';
import type { SearchQuery } from './search-query.ts';
import { searchSql } from './search-sql.ts';
import { readTypos } from './typo-search.ts';

export interface SearchPage {
  items: PlaceListItem[];
  total: number;
  totalIsLowerBound: boolean;
  next: PageCursor | null;
  /** See ListPage. */
  caughtUp?: true;
  kept?: KeptPageJson;
}

/** Places named exactly as the query that are sorted exactly; more are walked in order. */
const PROBE_ROWS = 1000;
/** The last rank of a match as written; typos rank after it. */
const LAST_MATCH_RANK = 4;
/** Beyond the rows a page needs, how many more of a large class its ordered walk reads. */
const WALK_EXTRA = 250;

/**
 * Ranked search with bounded work (decision 016). The matches are counted up to LIST_COUNT_BOUND
 * (at most that many rows read). Up to the bound, all of them are ranked and sorted at once:
 * exact. Beyond it, rank by rank, best first, only as far as the page needs: places named exactly
 * as the query from the index of whole names (exact), the other ranks from the matches nearest the
 * origin (or first by id), read in that order by a walk of at most WALK_EXTRA rows more than the
 * page needs. When nothing matches as written, places whose names are within a typo or two of the
 * query follow (ranks 5 and up, typo-rank.ts).
 */
export function createPlaceSearch(db: Queryable, settings: PlaceSettings) {
  /** A new statement's SQL builder holding the caller's parameters, so `where` keeps its numbers. */
  const statement = (query: SearchQuery) => {
    const sql = new Sql();
    sql.params.push(...query.params);
    const origin = query.origin;
    const distance = () => distanceOrNullSql(origin, sql.param);
    return { sql, param: sql.param, search: searchSql(query.q, sql.param), distance };
  };

  /** The (distance, id) keys of the cursor on the given expressions (distance only with an origin). */
  const cursorKeys = (
    query: SearchQuery,
    param: Sql['param'],
    after: PageCursor,
    columns = { distance: () => 's.distance', id: 's.id' },
  ) => {
    const keys = [];
    if (query.origin) keys.push({ column: columns.distance(), value: param(after.distance ?? 0, 'float8') });
    keys.push({
      column: columns.id,
      value: param(after.id, 'int8'),
      descending: !query.origin && query.newest,
    });
    return keys;
  };

  /**
   * Rows after the cursor, for rows of the cursor's own rank (TRUE for other ranks), on the given
   * distance and id expressions (a walk checks it before its limit, the others after).
   */
  const afterCursor = (
    query: SearchQuery,
    param: Sql['param'],
    rank: number,
    columns?: { distance: () => string; id: string },
  ): string => {
    const after = query.after;
    if (!after || (after.rank ?? 0) !== rank) return 'TRUE';
    return afterSql(cursorKeys(query, param, after, columns));
  };

  const order = (query: SearchQuery) =>
    `${query.origin ? 's.distance, ' : ''}s.id${!query.origin && query.newest ? ' DESC' : ''}`;

  /** Up to `count` matches after the cursor in (rank, distance, id) order, when they are few enough to rank all. */
  async function readAll(query: SearchQuery, count: number): Promise<SearchHit[]> {
    const s = statement(query);
    const after = query.after;
    const keys = [];
    if (after) keys.push({ column: 's.rank', value: s.param(after.rank ?? 0, 'int4') });
    const afterRows = after ? afterSql([...keys, ...cursorKeys(query, s.param, after)]) : 'TRUE';
    const { rows } = await db.query<SearchHit>(
      `SELECT s.id, s.distance, s.rank FROM (
         SELECT p.id, ${s.distance()} AS distance, ${s.search.rank()} AS rank
         FROM places p
         WHERE ${[...query.where, s.search.filter].join(' AND ')}
       ) AS s
       WHERE ${afterRows}
       ORDER BY s.rank, ${order(query)}
       LIMIT ${s.param(count, 'int4')}`,
      s.sql.params,
    );
    return rows;
  }

  /**
   * Up to `count` places of rank 0 (a name is the query) after the cursor, in order, however
   * common the words: the index of whole names (places_names_idx) finds exactly them. More than
   * PROBE_ROWS are walked in order instead of sorted.
   */
  async function readExactNames(query: SearchQuery, count: number): Promise<SearchHit[]> {
    const probe = statement(query);
    const { rows } = await db.query<SearchHit & { found: number }>(
      `WITH s AS MATERIALIZED (
         SELECT p.id, ${probe.distance()} AS distance, 0 AS rank
         FROM places p
         WHERE ${[...query.where, probe.search.filter, probe.search.classProbe(0)].join(' AND ')}
         LIMIT ${probe.param(PROBE_ROWS + 1, 'int4')}
       )
       SELECT s.id, s.distance, s.rank, (SELECT count(*) FROM s)::int AS found
       FROM s WHERE ${afterCursor(query, probe.param, 0)}
       ORDER BY ${order(query)}
       LIMIT ${probe.param(count, 'int4')}`,
      probe.sql.params,
    );
    if ((rows[0]?.found ?? 0) <= PROBE_ROWS) return rows.map(({ found: _found, ...hit }) => hit);
    return readWindow(query, true, count);
  }

  /**
   * Up to `count` places after the cursor in (rank, distance, id) order among the matches nearest
   * the origin (or first in id order): the first `count + WALK_EXTRA` matches of the ranks asked
   * for, in the order of the location (or primary key) index, read with bounded work
   * (first-matches.ts), then sorted by rank and exact distance. `exact`: only rank 0 (places named
   * as the query); else ranks 1–4. So a rank whose places are rare among many matches may be cut
   * short (decision 016).
   */
  async function readWindow(query: SearchQuery, exact: boolean, count: number): Promise<SearchHit[]> {
    const origin = query.origin;
    const after = query.after;
    const afterRank = after?.rank ?? 0;
    const hits = await firstMatches<SearchHit>(
      db,
      query,
      (param) => {
        const search = searchSql(query.q, param);
        const distance = () => distanceOrNullSql(origin, param);
        // Rank 0 needs no rank expression (its parameters would be left unused, which SQL refuses).
        const rank = exact ? '0' : search.rank();
        const cursor = (rankOfCursor: number) =>
          afterCursor(query, param, rankOfCursor, { distance, id: 'p.id' });
        const ranks = exact
          ? [search.classProbe(0), cursor(0)]
          : [
              after && afterRank > 0
                ? `(${rank} > ${param(afterRank, 'int4')} OR (${rank} = ${param(afterRank, 'int4')} AND ${cursor(afterRank)}))`
                : `${rank} > 0`,
            ];
        return {
          columns: `p.id, ${distance()} AS distance, ${rank} AS rank`,
          match: [search.filter, ...ranks],
        };
      },
      count + WALK_EXTRA,
    );
    return hits.sort(hitOrder(query)).slice(0, count);
  }

  return {
    async search(query: SearchQuery, viewer: Actor | null): Promise<SearchPage> {
      const need = query.limit + 1;
      const s = statement(query);
      // Up to the list's bound: exact below it, and then every match is ranked at once.
      const matched = await boundedCount(
        db,
        `FROM places p WHERE ${[...query.where, s.search.filter].join(' AND ')}`,
        s.sql.params,
      );
      const hits: SearchHit[] = [];
      const startRank = query.after?.rank ?? 0;
      if (!matched.totalIsLowerBound) {
        if (startRank <= LAST_MATCH_RANK) hits.push(...(await readAll(query, need)));
      } else if (startRank <= LAST_MATCH_RANK) {
        if (startRank === 0) hits.push(...(await readExactNames(query, need)));
        if (hits.length < need) hits.push(...(await readWindow(query, false, need - hits.length)));
      }
      let { total } = matched;
      // Nothing as written ("did you mean"): names a typo or two away.
      if (total === 0 && mayHoldTypo(query.q)) {
        const typos = await readTypos(db, query, need - hits.length);
        hits.push(...typos.hits);
        total = typos.total;
      }
      const page = hits.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        items: await listItemsById(db, settings, page, viewer),
        total: query.withTotal ? total : 0,
        totalIsLowerBound: query.withTotal && matched.totalIsLowerBound,
        next:
          hits.length > query.limit && last
            ? { rank: last.rank, distance: last.distance, id: last.id }
            : null,
      };
    },
  };
}

export type PlaceSearch = ReturnType<typeof createPlaceSearch>;
