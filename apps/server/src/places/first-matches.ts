import type { Queryable } from '../db/database.ts';
import { Sql } from './place-sql.ts';
import type { SearchQuery } from './search-query.ts';

/**
 * How far walks go: `first` places, then, when they hold too few matches but their share says the
 * page lies within `most` places, up to `most`; else the matches are read from the search's own
 * indexes. A walk stops as soon as it has the page (its LIMIT ends the index scan), so going up to
 * `most` costs only what the matches need. At a million places on PostgreSQL a walk reads about
 * 1.2 µs a place (the location index alone, migration 010; the table in id order about as fast,
 * its pages mostly in that order) and reading the matches about 6 µs a match, so `most` is about
 * 80 ms of walking, what reading some 13 000 matches costs.
 */
export const WALK_ROWS = { first: 4_000, most: 64_000 } as const;

/**
 * Whether to walk on, up to `most` places, after `walked` places held `found` of the `take`
 * matches needed: when their share predicts the page within `most` places (twice the prediction,
 * as the share often falls with the distance from the origin). Otherwise the matches are read.
 */
export function walkOn(walked: number, found: number, take: number, most: number): boolean {
  return found < take && (2 * walked * take) / Math.max(found, 0.5) <= most;
}

/**
 * The columns a walk passes on to `columns` and `match`: those the location index holds
 * (migration 010), so that a walk reads the index only.
 */
const WALKED_COLUMNS = 'p.id, p.public_lat, p.public_lng, p.search_name, p.search_text';

/** One statement's pieces, written with its own parameters (each attempt builds them afresh). */
export interface FirstMatchesPieces {
  /** The select list, on `p` (e.g. `p.id, … AS distance`), of WALKED_COLUMNS only. */
  columns: string;
  /** The conditions only the search's indexes answer well, of WALKED_COLUMNS only. */
  match: readonly string[];
}

/**
 * The first `take` places of the query's `where` that `match`, nearest the origin first (the
 * location index's planar order) or, without one, by id (newest first if asked), with work bounded
 * by the walk or by the matches, whichever is smaller (decision 020).
 *
 * A walk of the index in key order that tests each place finds the first matches of a common word
 * at once, but for a word whose places all lie far from the origin it passes most of the table
 * first (a town's street at the edge of a million places: seconds). So the walk reads `first`
 * places and, when too few match, walks on up to `most` if their share says that is far enough
 * (walkOn). Otherwise the matches are few among the places near the origin: they are read from
 * the search's trigram indexes instead, every match, and the first `take` kept in the same key
 * order. Every way gives the same rows (up to ties of the key).
 */
export async function firstMatches<Row>(
  db: Queryable,
  query: Pick<SearchQuery, 'where' | 'params' | 'origin' | 'newest'>,
  build: (param: Sql['param']) => FirstMatchesPieces,
  take: number,
  walks: { first: number; most: number } = WALK_ROWS,
): Promise<Row[]> {
  const { origin } = query;
  const statement = () => {
    const sql = new Sql();
    sql.params.push(...query.params);
    const pieces = build(sql.param);
    const walkKey = origin
      ? `p.location <-> point(${sql.param(origin.lng, 'float8')}, ${sql.param(origin.lat, 'float8')})`
      : 'p.id';
    return { sql, pieces, walkKey };
  };
  const direction = !origin && query.newest ? 'DESC' : 'ASC';
  const where = query.where.length > 0 ? query.where.join(' AND ') : 'TRUE';

  /** The first `take` matches among the first `rows` places of the walk (it stops at `take`). */
  const walk = async (rows: number) => {
    const { sql, pieces, walkKey } = statement();
    // The subquery with a LIMIT is not merged into the outer query, so the walk reads at most
    // `rows` places and the search's conditions test only those. It names only columns the
    // location index holds (migration 010), so the walk never reads the table.
    const { rows: found } = await db.query<Row>(
      `SELECT ${pieces.columns} FROM (
         SELECT ${WALKED_COLUMNS}, ${walkKey} AS walk_key
         FROM places p
         WHERE ${where}
         ORDER BY ${walkKey} ${direction}
         LIMIT ${sql.param(rows, 'int4')}
       ) AS p
       WHERE ${pieces.match.join(' AND ')}
       ORDER BY p.walk_key ${direction}
       LIMIT ${sql.param(take, 'int4')}`,
      sql.params,
    );
    return found;
  };

  let found = await walk(walks.first);
  if (walkOn(walks.first, found.length, take, walks.most)) found = await walk(walks.most);
  if (found.length >= take) return found;

  const { sql, pieces, walkKey } = statement();
  // MATERIALIZED keeps the planner from walking the key's index again: the matches come from the
  // search's indexes, and only they are sorted.
  const matched = await db.query<Row & { walk_key?: unknown }>(
    `WITH m AS MATERIALIZED (
       SELECT ${pieces.columns}, ${walkKey} AS walk_key FROM places p
       WHERE ${[where, ...pieces.match].join(' AND ')}
     )
     SELECT * FROM m ORDER BY walk_key ${direction} LIMIT ${sql.param(take, 'int4')}`,
    sql.params,
  );
  return matched.rows.map(({ walk_key: _key, ...row }) => row as Row);
}
