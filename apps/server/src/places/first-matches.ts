import type { Queryable } from '../db/database.ts';
import { Sql } from './place-sql.ts';
import type { SearchQuery } from './search-query.ts';

/**
 * Places an ordered walk reads before it stops looking for matches there and reads the matches
 * from the search's own indexes instead: about 20 ms at a million places, of the location index
 * (which holds what the walk tests, migration 010) or of the table in id order (mostly the order
 * its pages were written in).
 */
export const WALK_ROWS = 16_000;

/**
 * The columns a walk passes on to `columns` and `match`: those the location index holds
 * (migration 010), so that a walk reads the index only.
 */
const WALKED_COLUMNS = ['id', 'public_lat', 'public_lng', 'search_name', 'search_text'] as const;

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
 * first (a town's street at the edge of a million places: seconds). So the walk reads at most
 * WALK_ROWS places; when fewer than `take` of them match, the matches are few among the places
 * near the origin, and they are read from the search's trigram indexes instead, every match, and
 * the first `take` kept in the same key order. Both ways give the same rows (up to ties of the key).
 */
export async function firstMatches<Row>(
  db: Queryable,
  query: Pick<SearchQuery, 'where' | 'params' | 'origin' | 'newest'>,
  build: (param: Sql['param']) => FirstMatchesPieces,
  take: number,
  walkRows = WALK_ROWS,
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

  const walk = statement();
  const w = walk.pieces;
  // The subquery with a LIMIT is not merged into the outer query, so its walk reads at most
  // `walkRows` places and the search's conditions test only those. It names only columns the
  // location index holds (migration 010), so the walk never reads the table.
  const walked = await db.query<Row>(
    `SELECT ${w.columns} FROM (
       SELECT ${WALKED_COLUMNS.map((column) => `p.${column}`).join(', ')}, ${walk.walkKey} AS walk_key
       FROM places p
       WHERE ${where}
       ORDER BY ${walk.walkKey} ${direction}
       LIMIT ${walk.sql.param(walkRows, 'int4')}
     ) AS p
     WHERE ${w.match.join(' AND ')}
     ORDER BY p.walk_key ${direction}
     LIMIT ${walk.sql.param(take, 'int4')}`,
    walk.sql.params,
  );
  if (walked.rows.length >= take) return walked.rows;

  const read = statement();
  const r = read.pieces;
  // MATERIALIZED keeps the planner from walking the key's index again: the matches come from the
  // search's indexes, and only they are sorted.
  const matched = await db.query<Row & { walk_key?: unknown }>(
    `WITH m AS MATERIALIZED (
       SELECT ${r.columns}, ${read.walkKey} AS walk_key FROM places p
       WHERE ${[where, ...r.match].join(' AND ')}
     )
     SELECT * FROM m ORDER BY walk_key ${direction} LIMIT ${read.sql.param(take, 'int4')}`,
    read.sql.params,
  );
  return matched.rows.map(({ walk_key: _key, ...row }) => row as Row);
}
