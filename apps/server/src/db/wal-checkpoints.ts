import type { Database } from './database.ts';

/** Write-ahead log since the last checkpoint past which PGlite is asked for the next one. */
export const CHECKPOINT_AFTER_WAL_BYTES = 8 * 2 ** 20;

/**
 * The most write-ahead log PGlite keeps with checkpoints at CHECKPOINT_AFTER_WAL_BYTES: the
 * worker's `max_wal_size` (two 16 MB files kept for reuse) and the file being written. Measured
 * at most 32 MB while 20 000 rows were imported; this leaves one file more.
 */
export const WAL_CEILING_BYTES = 48 * 2 ** 20;

/** How often a PGlite database checks its log between imports (edits, sessions, the mail outbox). */
export const CHECKPOINT_CHECK_MS = 60_000;

/**
 * Asks PGlite for a CHECKPOINT once its write-ahead log since the last one passes `afterBytes`.
 * PGlite runs PostgreSQL as one process without a checkpointer, so nothing else ever does: the log
 * grew by 64 MB for 5 000 imported rows and kept growing until the process stopped, which is how
 * an import filled a disk its estimate said it fitted. After a checkpoint the old log files are
 * deleted (the worker's `max_wal_size`). PostgreSQL checkpoints by itself: nothing to do there.
 * Returns whether it checkpointed.
 */
export async function checkpointWhenDue(
  db: Database,
  afterBytes = CHECKPOINT_AFTER_WAL_BYTES,
): Promise<boolean> {
  if (db.kind !== 'pglite') return false;
  const { rows } = await db.query<{ since: number }>(
    'SELECT (pg_current_wal_lsn() - redo_lsn)::float8 AS since FROM pg_control_checkpoint()',
  );
  if ((rows[0]?.since ?? 0) < afterBytes) return false;
  await db.query('CHECKPOINT');
  return true;
}

/** The size of PGlite's write-ahead log files (0 on PostgreSQL, whose log is on its own server). */
export async function writeAheadLogBytes(db: Database): Promise<number> {
  if (db.kind !== 'pglite') return 0;
  const { rows } = await db.query<{ bytes: number }>(
    'SELECT coalesce(sum(size), 0)::float8 AS bytes FROM pg_ls_waldir()',
  );
  return rows[0]?.bytes ?? 0;
}
