import { randomUUID } from 'node:crypto';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import type { Queryable } from '../db/database.ts';

/** A job to add: its kind names the handler that runs it (jobs/job-runner.ts). */
export interface NewJob {
  kind: string;
  /** Plain JSON the handler needs: ids rather than personal data (admins see jobs listed). */
  payload?: Record<string, unknown>;
  /** At most one job with this key is ever added (until finished jobs are tidied away). */
  key?: string;
  /** Not before this (now by default). */
  runAt?: Date;
  /** Attempts before the job is given up as dead. */
  maxAttempts: number;
}

/** A job an instance has claimed: it may work on it while the row carries `lease`. */
export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  /** Attempts so far, this one included. */
  attempts: number;
  maxAttempts: number;
  lease: string;
}

export type JobState = 'queued' | 'running' | 'done' | 'dead';

/** A job as admins see it: never its payload, which may name a person's address. */
export interface JobSummary {
  id: number;
  kind: string;
  /** `failing`: queued again after a failed attempt. */
  state: JobState | 'failing';
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  createdAt: Date;
  finishedAt: Date | null;
  lastError: string | null;
  leasedBy: string | null;
}

/**
 * Adds a job; call it with the transaction of the change that causes it, so the job exists exactly
 * when the change committed. Returns its id, or null when a job with its key was already there.
 */
export async function enqueueJob(db: Queryable, job: NewJob): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO jobs (kind, payload, unique_key, run_at, max_attempts)
     VALUES ($1, $2, $3, coalesce($4::timestamptz, now()), $5)
     ON CONFLICT (unique_key) DO NOTHING
     RETURNING id`,
    [
      job.kind,
      JSON.stringify(job.payload ?? {}),
      job.key ?? null,
      job.runAt?.toISOString() ?? null,
      job.maxAttempts,
    ],
  );
  return rows[0]?.id ?? null;
}

/** Adds the tick of a periodic task that starts at the database's `now()`, once for all instances. */
export async function enqueueTick(db: Queryable, kind: string, everyMs: number): Promise<boolean> {
  // The tick's key is the start of its period by the database's clock, which every instance shares.
  const { rows } = await db.query(
    `INSERT INTO jobs (kind, unique_key, max_attempts)
     SELECT $1, $1 || '@' || (floor(extract(epoch FROM now()) * 1000 / $2) * $2)::bigint, 1
     ON CONFLICT (unique_key) DO NOTHING
     RETURNING id`,
    [kind, everyMs],
  );
  return rows.length > 0;
}

/** A job's state as admins see it: `failing` is queued again after a failed attempt. */
const SEEN_STATE = `CASE WHEN state = 'queued' AND last_error IS NOT NULL THEN 'failing' ELSE state END`;

/**
 * A job that may be claimed now: queued and due, or running with a lease that ran out (its
 * instance died or stalled) and attempts left.
 */
const CLAIMABLE = `run_at <= now()
  AND (state = 'queued' OR (state = 'running' AND leased_until < now() AND attempts < max_attempts))`;

const SUMMARY_COLUMNS = `id, kind, ${SEEN_STATE} AS state,
  attempts, max_attempts, run_at, created_at, finished_at, last_error, leased_by`;

interface SummaryRow {
  id: number;
  kind: string;
  state: JobSummary['state'];
  attempts: number;
  max_attempts: number;
  run_at: Date;
  created_at: Date;
  finished_at: Date | null;
  last_error: string | null;
  leased_by: string | null;
}

function summaryOf(row: SummaryRow): JobSummary {
  return {
    id: Number(row.id),
    kind: row.kind,
    state: row.state,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAt: row.run_at,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    lastError: row.last_error,
    leasedBy: row.leased_by,
  };
}

/** The runner's side of the queue (claim, renew, finish) and the admins' (list, retry). */
export function createJobQueue(db: Queryable) {
  return {
    /**
     * Claims up to `limit` due jobs of `kinds` for `leaseMs`: queued ones whose time has come, and
     * running ones whose lease ran out (their instance died or stalled) with attempts left. One
     * statement, rows locked with SKIP LOCKED: two instances never claim the same job.
     */
    async claim(kinds: readonly string[], limit: number, leaseMs: number, by: string): Promise<ClaimedJob[]> {
      const lease = randomUUID();
      const { rows } = await db.query<{
        id: number;
        kind: string;
        payload: Record<string, unknown>;
        attempts: number;
        max_attempts: number;
      }>(
        `UPDATE jobs SET state = 'running', attempts = attempts + 1, lease_token = $4,
           leased_until = now() + $3 * interval '1 millisecond', leased_by = $5
         WHERE id IN (
           SELECT id FROM jobs
           WHERE kind = ANY($1::text[]) AND ${CLAIMABLE}
           ORDER BY run_at, id
           LIMIT $2
           FOR UPDATE SKIP LOCKED
         )
         RETURNING id, kind, payload, attempts, max_attempts`,
        [kinds, limit, leaseMs, lease, by.slice(0, 200)],
      );
      return rows
        .map((row) => ({
          id: Number(row.id),
          kind: row.kind,
          payload: row.payload,
          attempts: row.attempts,
          maxAttempts: row.max_attempts,
          lease,
        }))
        .sort((a, b) => a.id - b.id);
    },

    /** Which of `kinds` have a job that may be claimed now (one cheap look before claiming). */
    async claimableKinds(kinds: readonly string[]): Promise<string[]> {
      const { rows } = await db.query<{ kind: string }>(
        `SELECT DISTINCT kind FROM jobs WHERE kind = ANY($1::text[]) AND ${CLAIMABLE}`,
        [kinds],
      );
      return rows.map((row) => row.kind);
    },

    /**
     * Holds `job` for another `leaseMs` from now: false when its lease ran out and another instance
     * claimed it since, so this one must stop working on it.
     */
    async renew(job: Pick<ClaimedJob, 'id' | 'lease'>, leaseMs: number): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE jobs SET leased_until = now() + $3 * interval '1 millisecond'
         WHERE id = $1 AND lease_token = $2 AND state = 'running'
         RETURNING id`,
        [job.id, job.lease, leaseMs],
      );
      return rows.length > 0;
    },

    /** Done, under the claimer's own lease. */
    async complete(job: Pick<ClaimedJob, 'id' | 'lease'>): Promise<void> {
      await db.query(
        `UPDATE jobs SET state = 'done', finished_at = now(), lease_token = NULL, leased_until = NULL,
           last_error = NULL
         WHERE id = $1 AND lease_token = $2`,
        [job.id, job.lease],
      );
    },

    /**
     * Failed, with why: due again after `retryInMs`, or dead when that is null (given up, or no
     * attempts left). Under the claimer's own lease.
     */
    async fail(
      job: Pick<ClaimedJob, 'id' | 'lease'>,
      error: string,
      retryInMs: number | null,
    ): Promise<void> {
      await db.query(
        `UPDATE jobs SET lease_token = NULL, leased_until = NULL, last_error = $3,
           state = CASE WHEN $4::float8 IS NULL THEN 'dead' ELSE 'queued' END,
           run_at = now() + coalesce($4::float8, 0) * interval '1 millisecond',
           finished_at = CASE WHEN $4::float8 IS NULL THEN now() END
         WHERE id = $1 AND lease_token = $2`,
        [job.id, job.lease, error.slice(0, 500), retryInMs],
      );
    },

    /**
     * Given back unfinished, as its instance stops: due again at once, this attempt not counted.
     * Under the claimer's own lease.
     */
    async release(job: Pick<ClaimedJob, 'id' | 'lease'>): Promise<void> {
      await db.query(
        `UPDATE jobs SET state = 'queued', attempts = greatest(0, attempts - 1), lease_token = NULL,
           leased_until = NULL, run_at = now()
         WHERE id = $1 AND lease_token = $2`,
        [job.id, job.lease],
      );
    },

    /**
     * Jobs whose last attempt's instance died with no attempts left: dead, so an admin sees them.
     * Returns how many.
     */
    async buryAbandoned(): Promise<number> {
      const { rowCount } = await db.query(
        `UPDATE jobs SET state = 'dead', finished_at = now(), lease_token = NULL,
           last_error = coalesce(last_error, 'stopped before it finished (its instance stopped or stalled)')
         WHERE state = 'running' AND leased_until < now() AND attempts >= max_attempts`,
      );
      return rowCount;
    },

    /** Finished jobs older than `keepDays` go. */
    async tidy(keepDays: number): Promise<void> {
      await db.query(
        `DELETE FROM jobs WHERE state IN ('done', 'dead') AND finished_at < now() - make_interval(days => $1)`,
        [keepDays],
      );
    },

    /** How many jobs are in each state (`failing` apart from `queued`), for admins and health. */
    async counts(): Promise<Record<JobSummary['state'], number>> {
      const { rows } = await db.query<{ state: JobSummary['state']; n: number }>(
        `SELECT ${SEEN_STATE} AS state, count(*)::int AS n
         FROM jobs GROUP BY 1`,
      );
      const counts = { queued: 0, failing: 0, running: 0, done: 0, dead: 0 };
      for (const row of rows) counts[row.state] = Number(row.n);
      return counts;
    },

    /** One job as admins see it, or null. */
    async get(id: number): Promise<JobSummary | null> {
      const { rows } = await db.query<SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM jobs WHERE id = $1`, [id]);
      return rows[0] ? summaryOf(rows[0]) : null;
    },

    /** The latest `limit` jobs in `state` (all states when null), newest first, before id `before`. */
    async list(state: JobSummary['state'] | null, limit: number, before?: number): Promise<JobSummary[]> {
      const { rows } = await db.query<SummaryRow>(
        `SELECT ${SUMMARY_COLUMNS} FROM jobs
         WHERE ($1::text IS NULL OR ${SEEN_STATE} = $1)
           AND ($3::bigint IS NULL OR id < $3)
         ORDER BY id DESC
         LIMIT $2`,
        [state, limit, before ?? null],
      );
      return rows.map(summaryOf);
    },

    /**
     * A dead or failing job due again now with its attempts counted afresh; null when there is no
     * such job (done, running or waiting jobs are left as they are). Recorded in the audit log as
     * `actor`'s: call it on a transaction's handle, so the row and the retry commit together.
     */
    async retry(id: number, actor: AuditActor | null): Promise<JobSummary | null> {
      const { rows } = await db.query<SummaryRow>(
        `UPDATE jobs SET state = 'queued', attempts = 0, run_at = now(), finished_at = NULL
         WHERE id = $1 AND ${SEEN_STATE} IN ('dead', 'failing')
         RETURNING ${SUMMARY_COLUMNS}`,
        [id],
      );
      const row = rows[0];
      if (!row) return null;
      const job = summaryOf(row);
      await recordAudit(db, actor, { action: 'job.retry', objectId: id, after: { kind: job.kind } });
      return job;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
