import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import type { JobHandler, PeriodicTask } from '../jobs/job-runner.ts';
import { createImportSourceRepository, type ImportSource } from './source-repository.ts';
import { type RunOutcome, type RunSettings, runImportSource } from './source-run.ts';

/** One run of a source: payload `{ sourceId }` (docs/decisions/033-scheduled-imports.md). */
export const IMPORT_SOURCE_JOB = 'import.source';
/** The tick that adds the runs that are due, once a minute for all instances. */
export const IMPORT_SCHEDULE_JOB = 'import.schedule';
export const IMPORT_SCHEDULE_TASK: PeriodicTask = { kind: IMPORT_SCHEDULE_JOB, everyMs: 60_000 };

/**
 * Adds a run of `sourceId`. One attempt: a failed run is recorded as such and the next scheduled
 * one tries again, so a list that stays broken is never fetched in a loop.
 */
export function enqueueSourceRun(db: Queryable, sourceId: number, key: string): Promise<number | null> {
  return enqueueJob(db, { kind: IMPORT_SOURCE_JOB, payload: { sourceId }, key, maxAttempts: 1 });
}

/** Adds a run of `sourceId` now, as `admin` asked (recorded in the audit log); the job's id. */
export function runSourceNow(db: Database, sourceId: number, admin: AuditActor): Promise<number | null> {
  return db.transaction(async (tx) => {
    const jobId = await enqueueSourceRun(tx, sourceId, `${IMPORT_SOURCE_JOB}:${sourceId}@now:${Date.now()}`);
    await recordAudit(tx, admin, { action: 'import_source.run', objectId: sourceId, after: { jobId } });
    return jobId;
  });
}

/**
 * Adds a run for each source whose next run is due, keyed by the source and that time (so the
 * same due run is added once however many instances look), and moves its next run on by its
 * hours (from now, if the site was down for longer than that).
 */
export async function enqueueDueRuns(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; due: string }>(
      `SELECT id, (extract(epoch FROM next_run_at) * 1000)::bigint::text AS due FROM import_sources
       WHERE next_run_at <= now() ORDER BY next_run_at FOR UPDATE SKIP LOCKED`,
    );
    for (const row of rows) {
      await enqueueSourceRun(tx, Number(row.id), `${IMPORT_SOURCE_JOB}:${row.id}@${row.due}`);
    }
    if (rows.length > 0) {
      await tx.query(
        `UPDATE import_sources
         SET next_run_at = CASE WHEN next_run_at + make_interval(hours => every_hours) > now()
           THEN next_run_at + make_interval(hours => every_hours)
           ELSE now() + make_interval(hours => every_hours) END
         WHERE id = ANY($1::int8[])`,
        [rows.map((row) => Number(row.id))],
      );
    }
    return rows.length;
  });
}

/** Whether an earlier run of `sourceId` than job `jobId` is running now on a live lease. */
async function earlierRunGoingOn(db: Queryable, jobId: number, sourceId: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM jobs
     WHERE kind = $1 AND state = 'running' AND leased_until > now() AND id < $2 AND payload->>'sourceId' = $3
     LIMIT 1`,
    [IMPORT_SOURCE_JOB, jobId, String(sourceId)],
  );
  return rows.length > 0;
}

/** The job handlers of scheduled imports; `failed` hears of each failed run (its e-mail). */
export function importSourceHandlers(
  db: Database,
  settings: RunSettings,
  failed?: (source: ImportSource, outcome: RunOutcome) => Promise<void>,
): JobHandler[] {
  const sources = createImportSourceRepository(db);
  return [
    {
      kind: IMPORT_SCHEDULE_JOB,
      retryDelayMs: () => 0,
      run: () => enqueueDueRuns(db).then(() => undefined),
    },
    {
      kind: IMPORT_SOURCE_JOB,
      retryDelayMs: () => 0,
      async run(job, { signal }) {
        const source = await sources.find(Number(job.payload.sourceId));
        // Deleted since: nothing to do.
        if (!source) return;
        // Another instance is running an earlier run of this source (a slow one, and "Run now"):
        // that one fetches the same list, so this one is left out rather than racing it.
        if (await earlierRunGoingOn(db, job.id, source.id)) return;
        const outcome = await runImportSource(db, sources, source, settings, signal);
        // Cut off by this instance stopping: no one to tell, and the runner gives the job back.
        if (signal.aborted) throw new Error('stopped with its instance');
        if (outcome.outcome === 'failed') await failed?.(source, outcome);
      },
    },
  ];
}
