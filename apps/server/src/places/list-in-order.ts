import type { PlaceListItem } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import { openStatesAt } from '../opening-hours/open-state.ts';
import { type ListFilter, type ListQuery, listFilter, sqlAfter } from './list-sql.ts';
import { type OpenStateOf, type PlaceRow, toListItem } from './place-row.ts';
import type { Actor } from './place-rules.ts';
import type { PlaceSettings } from './place-settings.ts';
import { distanceOrNullSql } from './place-sql.ts';
import { placeColumnsSql } from './place-visibility.ts';

/** The ids of a comma-separated list, parsed without a string per id (a million fit in 8 MB). */
export function parseIds(text: string): Float64Array {
  if (text.length === 0) return new Float64Array(0);
  let count = 1;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === 44) count += 1;
  const ids = new Float64Array(count);
  let at = 0;
  let value = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 44) {
      ids[at] = value;
      at += 1;
      value = 0;
    } else value = value * 10 + (code - 48);
  }
  ids[at] = value;
  return ids;
}

/**
 * Places a statement of the first pass covers at most (a range of ids, whatever their status), so
 * that no statement of an export reads more than about this many places: on PGlite, whose one
 * connection serves everyone in turn, other requests get theirs between statements, and no
 * statement nears the read time-out (a million places in one took more than its 5 s).
 */
export const ID_SPAN = 50_000;

/** The matches of one range of ids, sorted as the export is (`distances` set when by distance). */
interface SortedRun {
  ids: Float64Array;
  distances: Float64Array | null;
  /** The next one to hand out. */
  at: number;
}

function parseDistances(text: string | null): Float64Array {
  // float8's text is the shortest that reads back exactly, so the order stays the database's.
  return text ? Float64Array.from(text.split(','), Number) : new Float64Array(0);
}

/** Whether run `a`'s next match comes before `b`'s: nearer first, then the lower id. */
function comesBefore(a: SortedRun, b: SortedRun): boolean {
  const da = a.distances?.[a.at] ?? 0;
  const db = b.distances?.[b.at] ?? 0;
  return da !== db ? da < db : (a.ids[a.at] ?? 0) < (b.ids[b.at] ?? 0);
}

/**
 * The next `count` ids of the runs merged in order. The runs are few (a million places make 20),
 * so the next is found by looking at each run's head; runs in id order follow each other, so the
 * first run is used up before the next is looked at.
 */
function takeMerged(runs: SortedRun[], count: number): number[] {
  const taken: number[] = [];
  while (taken.length < count) {
    let best: SortedRun | undefined;
    for (const run of runs) {
      if (run.at < run.ids.length && (!best || comesBefore(run, best))) best = run;
    }
    if (!best) break;
    taken.push(best.ids[best.at] ?? 0);
    best.at += 1;
  }
  return taken;
}

/**
 * `places`, only the rows of `condition` on their ids, as a subquery the planner reads through the
 * primary key and then tests the list's filter on: `OFFSET 0` keeps it from merging the two, which
 * let it read a `near` circle's whole bitmap from the location index for every range and page
 * (a 2 km circle of a million places on PGlite: minutes; the list's own walks are bounded apart).
 */
function placesById(condition: string): string {
  return `(SELECT * FROM places WHERE ${condition} OFFSET 0)`;
}

/**
 * Every place of the list `query` (its filters; no paging), in pages of `pageSize`, in one ordered
 * pass: nearest first from `near` or `covers` (ties by id), else by id.
 *
 * A first pass reads the matching ids, range of ids by range of ids (`idSpan` places each, read
 * through the primary key: no statement grows with the table), each range sorted by the
 * database; 16 bytes a match are kept, not the rows. Each page then takes the next ids of those
 * runs merged in order and reads their rows by primary key, checking the filter again, so a place
 * changed meanwhile is left out rather than shown as it no longer matches. Paging the list
 * instead re-sorted every match for every page (the work grew with the square of the matches).
 * Places are read with the app's `settings`.
 */
export async function* listInOrder(
  db: Queryable,
  settings: PlaceSettings,
  query: Omit<ListQuery, 'limit' | 'after' | 'withTotal' | 'origin'>,
  viewer: Actor | null,
  pageSize: number,
  openKeys?: readonly string[],
  idSpan = ID_SPAN,
): AsyncGenerator<PlaceListItem[]> {
  const filter = listFilter({ ...query, limit: pageSize }, viewer, {
    openKeys,
    staleAfterDays: settings.staleAfterDays,
  });
  const where = filter.where.join(' AND ');
  const { origin } = filter;
  const order = origin ? 'm.distance, m.id' : 'm.id';

  const runs: SortedRun[] = [];
  for (let from = 0; ; ) {
    // The last id of this range: the `idSpan`-th after `from`, read from the primary key alone.
    const { rows: ends } = await db.query<{ id: number }>(
      'SELECT id FROM places WHERE id > $1::int8 ORDER BY id OFFSET $2::int4 LIMIT 1',
      [from, idSpan - 1],
    );
    const to = ends[0]?.id ?? null;
    const range = sqlAfter(filter);
    const distance = distanceOrNullSql(origin, range.param);
    const inRange = [
      `id > ${range.param(from, 'int8')}`,
      ...(to === null ? [] : [`id <= ${range.param(to, 'int8')}`]),
    ].join(' AND ');
    const { rows } = await db.query<{ ids: string | null; distances: string | null }>(
      `SELECT string_agg(m.id::text, ',' ORDER BY ${order}) AS ids,
         ${origin ? `string_agg(m.distance::text, ',' ORDER BY ${order})` : 'NULL'} AS distances
       FROM (SELECT p.id, ${distance} AS distance FROM ${placesById(inRange)} AS p WHERE ${where}) AS m`,
      range.params,
    );
    const ids = parseIds(rows[0]?.ids ?? '');
    if (ids.length > 0) {
      runs.push({ ids, distances: origin ? parseDistances(rows[0]?.distances ?? null) : null, at: 0 });
    }
    if (to === null) break;
    from = to;
  }

  // Every page's places in their state at the pass's start, each hours value evaluated once.
  const openStateOf = openStatesAt(settings.hours);
  yield* pagesOfIds(db, settings, filter, viewer, mergedChunks(runs, pageSize), openStateOf);
}

/** The runs' ids merged in order, `pageSize` at a time. */
function* mergedChunks(runs: SortedRun[], pageSize: number): Generator<number[]> {
  for (let chunk = takeMerged(runs, pageSize); chunk.length > 0; chunk = takeMerged(runs, pageSize)) {
    yield chunk;
  }
}

/**
 * The places of each chunk of ids, read by primary key, in the chunk's order, one page a chunk
 * (an empty page is left out). The list's filter is checked again, so a place changed since its id
 * was read is left out rather than shown as it no longer matches.
 */
async function* pagesOfIds(
  db: Queryable,
  settings: PlaceSettings,
  filter: ListFilter,
  viewer: Actor | null,
  chunks: Iterable<number[]>,
  openStateOf: OpenStateOf,
): AsyncGenerator<PlaceListItem[]> {
  const where = filter.where.join(' AND ');
  const { origin } = filter;
  for (const chunk of chunks) {
    const read = sqlAfter(filter);
    const { rows: found } = await db.query<PlaceRow>(
      `SELECT ${placeColumnsSql(viewer, read.param)},
         ${distanceOrNullSql(origin, read.param)} AS distance
       FROM ${placesById(`id = ANY(${read.param(chunk, 'int8[]')})`)} AS p
         JOIN categories c ON c.id = p.category_id
       WHERE ${where}`,
      read.params,
    );
    const byId = new Map(found.map((row) => [row.id, row]));
    const items: PlaceListItem[] = [];
    for (const id of chunk) {
      const row = byId.get(id);
      if (row) items.push(toListItem(row, settings, openStateOf));
    }
    if (items.length > 0) yield items;
  }
}

/**
 * Every place of the list `query` in id order, when at most `bound` match: their ids in one
 * statement that stops after `bound + 1` matches (as bounded-count.ts counts, so a box of a
 * million places is refused after reading `bound + 1`), then their rows `pageSize` at a time.
 * Null when more than `bound` match. With the ids known before the first row, a caller knows the
 * size of what it will send before it sends anything, and no statement reads the table beyond
 * the matches (listInOrder's pass reads every range of ids, for lists of any size).
 */
export async function boundedInIdOrder(
  db: Queryable,
  settings: PlaceSettings,
  query: Omit<ListQuery, 'limit' | 'after' | 'withTotal' | 'origin'>,
  viewer: Actor | null,
  options: { bound: number; pageSize: number; openKeys?: readonly string[]; at?: Date },
): Promise<{ count: number; pages: AsyncGenerator<PlaceListItem[]> } | null> {
  const filter = listFilter({ ...query, limit: options.pageSize }, viewer, {
    openKeys: options.openKeys,
    staleAfterDays: settings.staleAfterDays,
  });
  const { rows } = await db.query<{ ids: string | null }>(
    `SELECT string_agg(m.id::text, ',' ORDER BY m.id) AS ids
     FROM (SELECT p.id FROM places p WHERE ${filter.where.join(' AND ')}
           LIMIT ${Math.trunc(options.bound) + 1}) AS m`,
    [...filter.sql.params],
  );
  const ids = parseIds(rows[0]?.ids ?? '');
  if (ids.length > options.bound) return null;
  function* chunks() {
    for (let from = 0; from < ids.length; from += options.pageSize) {
      yield Array.from(ids.subarray(from, from + options.pageSize));
    }
  }
  const openStateOf = openStatesAt(settings.hours, options.at);
  return { count: ids.length, pages: pagesOfIds(db, settings, filter, viewer, chunks(), openStateOf) };
}
