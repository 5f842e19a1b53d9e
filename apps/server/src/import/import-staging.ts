import type { ImportOutcome, ImportStatus } from '@karta/contracts';
import { type AuditActor, SYSTEM_ACTOR } from '../audit/record-audit.ts';
import type { Database } from '../db/database.ts';
import { Mutex } from '../db/mutex.ts';
import { emptySearchPendingLists } from '../places/search-pending-lists.ts';
import { type ImportCounts, type ImportResultRecord, recordImportResult } from './import-results.ts';
import type { ImportSpaceWatch } from './import-space.ts';
import { type CreateRecord, type UpdateRecord, writeBatch } from './import-writes.ts';

/**
 * Imports on PGlite, staged then published (decision 018). PGlite runs one transaction at a
 * time, so an import in one transaction stopped every read for its whole length (43 s for 100 000
 * rows). Instead each batch is committed at once into `import_batches`, which no read selects, and
 * once every row is accepted the batches are published in order, each in its own short
 * transaction, with reads answered between them. A run left by a stopped process is deleted if it
 * was still staging (nothing was visible) or published to its end if it was publishing (all or
 * nothing, rolled forward). PGlite is one process (its folder is locked), and imports there take
 * turns through `importTurn`, so a run never meets another one.
 */

const turns = new WeakMap<Database, Mutex>();
const running = new WeakMap<Database, number>();

/** Runs `fn` when no other import of `db` runs, counting it in `importsRunning` meanwhile. */
export async function importTurn<T>(db: Database, fn: () => Promise<T>): Promise<T> {
  let turn = turns.get(db);
  if (!turn) {
    turn = new Mutex();
    turns.set(db, turn);
  }
  running.set(db, (running.get(db) ?? 0) + 1);
  try {
    return await turn.run(fn);
  } finally {
    running.set(db, (running.get(db) ?? 1) - 1);
  }
}

/** How many real imports this process is running or about to run on `db` (health reports it). */
export const importsRunning = (db: Database) => running.get(db) ?? 0;

/** A new run, staging: returns its id. */
export async function startRun(db: Database, status: ImportStatus, actorId: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO import_runs (status, actor_id) VALUES ($1, $2) RETURNING id',
    [status, actorId],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('The import run was not created');
  return id;
}

/** Stores batch `seq` of `run` (committed at once: no read selects it). */
export async function stageBatch(
  db: Database,
  run: number,
  seq: number,
  creates: CreateRecord[],
  updates: UpdateRecord[],
): Promise<void> {
  await db.query('INSERT INTO import_batches (run_id, seq, creates, updates) VALUES ($1, $2, $3, $4)', [
    run,
    seq,
    JSON.stringify(creates),
    JSON.stringify(updates),
  ]);
}

/**
 * Deletes `run` and its batches, recording `result` in the same transaction when given (so a stop
 * between the two cannot record a run twice). When no run is left, the batches' table is emptied
 * with TRUNCATE, which gives its space back at once: PGlite has no autovacuum to reclaim deleted rows.
 */
export async function dropRun(db: Database, run: number, result?: ImportResultRecord): Promise<void> {
  if (result) {
    await db.transaction(async (tx) => {
      await recordImportResult(tx, result);
      await tx.query('DELETE FROM import_runs WHERE id = $1', [run]);
    });
  } else {
    await db.query('DELETE FROM import_runs WHERE id = $1', [run]);
  }
  const { rows } = await db.query<{ runs_left: boolean }>(
    'SELECT EXISTS (SELECT FROM import_runs) AS runs_left',
  );
  if (!rows[0]?.runs_left) await db.query('TRUNCATE import_batches');
}

/**
 * How long one step of a publication may hold PGlite's one session (reads wait behind it). Each
 * step publishes as many staged batches as the last step's pace says fit in this time: on a busy
 * machine one batch (100 rows, decision 018), on a quiet one up to `MAX_BATCHES_PER_STEP`, whose
 * larger statements are faster per row.
 */
export const PUBLISH_STEP_MS = 80;
export const MAX_BATCHES_PER_STEP = 20;

/**
 * Staged batches the next step publishes, after `batches` took `ms`: as many as fit at that pace,
 * but at most twice as many, so a step measured in a quiet moment is not followed by a long one.
 */
export function nextStepBatches(batches: number, ms: number): number {
  const fit = Math.floor((PUBLISH_STEP_MS * batches) / Math.max(ms, 1));
  return Math.min(MAX_BATCHES_PER_STEP, 2 * batches, Math.max(1, fit));
}

/**
 * Publishes `run`'s batches in order, in steps of a few batches, each step with the mark of its
 * progress in one transaction, then records its result and drops the run. Returns how many
 * updates were not applied because their place was edited after the import read it (that edit is
 * kept). `counts` are the import's (kept on the run, so a restart that finishes it has them);
 * with `space`, the disk is checked between steps, and a run that would go below the reserve
 * stops there.
 */
export async function publishRun(
  db: Database,
  run: number,
  options: {
    space?: ImportSpaceWatch;
    counts?: ImportCounts;
    outcome?: ImportOutcome;
    /** Who the audit log names (import-results.ts); the site itself when absent. */
    actor?: AuditActor | null;
  } = {},
): Promise<number> {
  const { rows } = await db.query<{
    status: ImportStatus;
    actor_id: number | null;
    published_seq: number;
    started_at: Date;
    created: number | null;
    updated: number | null;
    unchanged: number | null;
  }>(
    `UPDATE import_runs SET state = 'publishing', created = coalesce($2, created),
            updated = coalesce($3, updated), unchanged = coalesce($4, unchanged)
      WHERE id = $1
     RETURNING status, actor_id, published_seq, started_at, created, updated, unchanged`,
    [
      run,
      options.counts?.created ?? null,
      options.counts?.updated ?? null,
      options.counts?.unchanged ?? null,
    ],
  );
  const current = rows[0];
  if (!current) return 0;
  const { rows: staged } = await db.query<{ last: number | null }>(
    'SELECT max(seq) AS last FROM import_batches WHERE run_id = $1',
    [run],
  );
  const last = staged[0]?.last ?? 0;
  let skipped = 0;
  let step = 1;
  for (let done = current.published_seq; done < last; ) {
    const to = Math.min(last, done + step);
    const started = performance.now();
    skipped += await db.transaction(async (tx) => {
      const stale = await writeBatch(
        tx,
        { kind: 'staged', run, from: done + 1, to },
        { status: current.status, actorId: current.actor_id },
      );
      await tx.query('UPDATE import_runs SET published_seq = $2 WHERE id = $1', [run, to]);
      return stale;
    });
    step = nextStepBatches(to - done, performance.now() - started);
    done = to;
    // Out of room, the run stays publishing: it is published to its end once there is room.
    if (done < last) await options.space?.afterStep('publishing');
  }
  await dropRun(db, run, {
    actorId: current.actor_id,
    actor: options.actor ?? SYSTEM_ACTOR,
    status: current.status,
    outcome: options.outcome ?? 'published',
    counts:
      current.created === null
        ? null
        : { created: current.created, updated: current.updated ?? 0, unchanged: current.unchanged ?? 0 },
    startedAt: current.started_at,
  });
  return skipped;
}

/**
 * What imports of a stopped process left: runs still staging are deleted, runs publishing are
 * published to their end; each is recorded in the import results, where its moderator sees it.
 * Call it when no import of this process runs (at start, in `importTurn`).
 */
export async function finishLeftRuns(
  db: Database,
  space?: ImportSpaceWatch,
): Promise<{ dropped: number; published: number }> {
  const { rows } = await db.query<{
    id: number;
    state: 'staging' | 'publishing';
    status: ImportStatus;
    actor_id: number | null;
    started_at: Date;
  }>('SELECT id, state, status, actor_id, started_at FROM import_runs ORDER BY id');
  let dropped = 0;
  let published = 0;
  for (const run of rows) {
    if (run.state === 'publishing') {
      await publishRun(db, run.id, { space, outcome: 'published_after_restart' });
      published += 1;
    } else {
      await dropRun(db, run.id, {
        actorId: run.actor_id,
        actor: SYSTEM_ACTOR,
        status: run.status,
        outcome: 'dropped_after_restart',
        counts: null,
        startedAt: run.started_at,
      });
      dropped += 1;
    }
  }
  return { dropped, published };
}

/**
 * Fresh statistics and empty trigram pending lists after a large import: PGlite runs no
 * autovacuum, and without them the planner picks slow plans and searches read long lists
 * (decision 016). Autovacuum's own rule for ANALYZE, applied to what the import
 * wrote: `written` rows is at least 50 plus a tenth of the places the statistics know of (all of
 * them when the table was never analyzed). Returns whether it analyzed.
 */
export async function analyzeAfterImport(db: Database, written: number): Promise<boolean> {
  const { rows } = await db.query<{ known: number }>(
    `SELECT reltuples::float8 AS known FROM pg_class WHERE oid = 'places'::regclass`,
  );
  const known = rows[0]?.known ?? -1;
  if (known >= 0 && written < 50 + 0.1 * known) return false;
  // Separate statements, so reads waiting for the one session get their turn between them.
  await db.query('ANALYZE places');
  await db.query('ANALYZE place_words');
  await emptySearchPendingLists(db);
  return true;
}
