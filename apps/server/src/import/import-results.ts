import type { ImportOutcome, ImportResult, ImportStatus } from '@karta/contracts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import type { Queryable } from '../db/database.ts';

/** How many finished imports the import page lists. */
export const IMPORT_RESULTS_LISTED = 20;

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/** What became of one import, as recorded. */
export interface ImportResultRecord {
  actorId: number | null;
  /** Who the audit log names: the moderator who imported, or null for the site itself (a scheduled source, or a run finished after a restart). */
  actor: AuditActor | null;
  status: ImportStatus;
  outcome: ImportOutcome;
  /** Null for a run dropped while staging: its rows were never all read. */
  counts: ImportCounts | null;
  startedAt: Date;
}

/**
 * Records what became of an import that wrote places. Above all for one whose client got no
 * answer: the next start finishes it (import-staging.ts), and this is where its moderator learns
 * that it was published after all, or dropped. One that was published is recorded in the audit
 * log too, in the same transaction.
 */
export async function recordImportResult(q: Queryable, result: ImportResultRecord): Promise<void> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO import_results (actor_id, status, outcome, created, updated, unchanged, started_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      result.actorId,
      result.status,
      result.outcome,
      result.counts?.created ?? null,
      result.counts?.updated ?? null,
      result.counts?.unchanged ?? null,
      result.startedAt,
    ],
  );
  if (result.outcome === 'dropped_after_restart') return;
  const { status, outcome, counts, actorId } = result;
  await recordAudit(q, result.actor, {
    action: 'import.run',
    objectId: rows[0]?.id ?? null,
    after: { status, outcome, ...counts, ...(result.actor ? {} : { startedBy: actorId }) },
  });
}

/** The newest finished imports, newest first, with who ran them. */
export async function listImportResults(
  q: Queryable,
  limit = IMPORT_RESULTS_LISTED,
): Promise<ImportResult[]> {
  const { rows } = await q.query<{
    id: number;
    actor_id: number | null;
    display_name: string | null;
    status: ImportStatus;
    outcome: ImportOutcome;
    created: number | null;
    updated: number | null;
    unchanged: number | null;
    started_at: Date;
    finished_at: Date;
  }>(
    `SELECT r.id, r.actor_id, u.display_name, r.status, r.outcome, r.created, r.updated, r.unchanged,
            r.started_at, r.finished_at
       FROM import_results r LEFT JOIN users u ON u.id = r.actor_id
      ORDER BY r.finished_at DESC, r.id DESC
      LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    id: row.id,
    by: row.actor_id === null ? null : { id: row.actor_id, displayName: row.display_name ?? '' },
    status: row.status,
    outcome: row.outcome,
    counts:
      row.created === null
        ? null
        : { created: row.created, updated: row.updated ?? 0, unchanged: row.unchanged ?? 0 },
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at.toISOString(),
  }));
}
