import type { Queryable } from '../db/database.ts';
import { PACKED_PLACE } from './load-places.ts';

/**
 * Where a reader of the `place_changes` log stands: the database snapshot of its last read. A
 * change is new to it when its transaction committed after that snapshot was taken, which is
 * exact even when transactions commit out of id order (migration 008).
 */
export interface LogPosition {
  /** `pg_current_snapshot()` as text. */
  snapshot: string;
  /** The newest change-log id at that read (a figure for logs and stats, not the cursor). */
  lastId: number;
  /** `Date.now()` of that read: a position read long ago may have had changes purged since. */
  readAt: number;
}

/** The changes committed since a position, as the map index applies them. */
export interface ChangeBatch {
  position: LogPosition;
  /** Distinct places changed (at most `limit + 1`: more than `limit` means `overflow`). */
  changed: number;
  overflow: boolean;
  /** Published places among them as packed JSON rows (see load-places.ts), public positions only. */
  upserts: string;
  /** JSON array of the ids of the others: unpublished, archived or deleted. */
  removals: string;
  /** Every place changed (upserts and removals), for what else follows the log (see MapIndexService). */
  ids: number[];
}

/** The position of a reader starting now: every change committed later is new to it. */
export async function currentPosition(db: Queryable): Promise<LogPosition> {
  const { rows } = await db.query<{ snapshot: string; last_id: number }>(
    'SELECT pg_current_snapshot()::text AS snapshot, coalesce(max(id), 0)::int8 AS last_id FROM place_changes',
  );
  const row = rows[0];
  if (!row) throw new Error('The change log position could not be read');
  return { snapshot: row.snapshot, lastId: Number(row.last_id), readAt: Date.now() };
}

/**
 * Whether any place changed (a row written, published, moved, archived or deleted) in a
 * transaction committed since the snapshot `since` was taken (`pg_current_snapshot()` as text, as
 * in a `LogPosition`): the same test as `readChangesSince`, stopping at the first change. Exact
 * whatever order transactions commit in; a change still uncommitted is not one yet.
 */
export async function anyChangeSince(db: Queryable, since: string): Promise<boolean> {
  const { rows } = await db.query<{ changed: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM place_changes
       WHERE xid >= pg_snapshot_xmin($1::pg_snapshot) AND NOT pg_visible_in_snapshot(xid, $1::pg_snapshot)
     ) AS changed`,
    [since],
  );
  return rows[0]?.changed === true;
}

/**
 * Reads the places changed since `since` and their current public rows, in one statement and so
 * in one snapshot: the rows are exactly as of the new position, and whatever commits later is
 * read next time. `xid >= xmin(since)` lets the index skip every transaction older than the
 * oldest one still running at the last read. At most `limit + 1` places are read.
 */
export async function readChangesSince(
  db: Queryable,
  since: LogPosition,
  limit: number,
): Promise<ChangeBatch> {
  const { rows } = await db.query<{
    snapshot: string;
    last_id: number;
    changed: number;
    upserts: string;
    removals: string;
    ids: string;
  }>(
    `WITH changed AS (
       SELECT DISTINCT place_id FROM place_changes
       WHERE xid >= pg_snapshot_xmin($1::pg_snapshot) AND NOT pg_visible_in_snapshot(xid, $1::pg_snapshot)
       LIMIT $2
     ), current AS (
       SELECT ch.place_id AS id, p.status = 'published' AS shown, ${PACKED_PLACE} AS packed
       FROM changed ch
       LEFT JOIN places p ON p.id = ch.place_id
       LEFT JOIN categories c ON c.id = p.category_id
     )
     SELECT pg_current_snapshot()::text AS snapshot,
            (SELECT coalesce(max(id), 0) FROM place_changes)::int8 AS last_id,
            (SELECT count(*) FROM current)::int AS changed,
            (SELECT coalesce(json_agg(packed ORDER BY id) FILTER (WHERE shown), '[]') FROM current)::text AS upserts,
            (SELECT coalesce(json_agg(id ORDER BY id) FILTER (WHERE shown IS NOT TRUE), '[]') FROM current)::text
              AS removals,
            (SELECT coalesce(json_agg(id), '[]') FROM current)::text AS ids`,
    [since.snapshot, limit + 1],
  );
  const row = rows[0];
  if (!row) throw new Error('The change log could not be read');
  return {
    position: { snapshot: row.snapshot, lastId: Number(row.last_id), readAt: Date.now() },
    changed: row.changed,
    overflow: row.changed > limit,
    upserts: row.upserts,
    removals: row.removals,
    ids: (JSON.parse(row.ids) as (number | string)[]).map(Number),
  };
}

/**
 * Deletes change-log rows older than `retainMs` whose transaction has ended (a transaction still
 * open may commit later and must still be read by every instance).
 */
export async function purgeChanges(db: Queryable, retainMs: number): Promise<void> {
  await db.query(
    `DELETE FROM place_changes
     WHERE changed_at < now() - make_interval(secs => $1) AND xid < pg_snapshot_xmin(pg_current_snapshot())`,
    [retainMs / 1000],
  );
}
