import { z } from 'zod';
import { IdPathParams } from './numbers.ts';
import { BigId, IsoDateTime } from './primitives.ts';
import { intParam } from './query-params.ts';

/**
 * Where a background job is (docs/decisions/031-one-job-queue.md): `queued` waiting its turn,
 * `failing` queued again after a failed attempt, `running` held by an instance, `done`, or `dead`:
 * given up after its last attempt, kept for an admin to read and retry.
 */
export const JobState = z.enum(['queued', 'failing', 'running', 'done', 'dead']);
export type JobState = z.infer<typeof JobState>;

/** A job as admins see it: its kind and progress, never its payload (which may name a person). */
export const JobSummary = z.object({
  id: BigId,
  /** What it does: `mail.send`, `digests`, `closed-alerts`, `import.geocode`… */
  kind: z.string(),
  state: JobState,
  attempts: z.number().int().min(0),
  maxAttempts: z.number().int().min(1),
  /** When it is (or was) due. */
  runAt: IsoDateTime,
  createdAt: IsoDateTime,
  finishedAt: IsoDateTime.nullable(),
  /** Why its last attempt failed, without personal data. */
  lastError: z.string().nullable(),
  /** The instance (host:pid) that holds it, or last held it. */
  leasedBy: z.string().nullable(),
});
export type JobSummary = z.infer<typeof JobSummary>;

/** `GET /api/v1/admin/jobs`: newest first, of one state or all, before the job `before`. */
export const JobListQuery = z.object({
  state: JobState.optional(),
  before: intParam(1, Number.MAX_SAFE_INTEGER).optional(),
  limit: intParam(1, 200).optional(),
});
export type JobListQuery = z.output<typeof JobListQuery>;

/** The jobs of the page, and how many there are in each state. */
export const JobList = z.object({
  items: z.array(JobSummary),
  counts: z.record(JobState, z.number().int().min(0)),
});
export type JobList = z.infer<typeof JobList>;

export const JobIdParams = IdPathParams('Expected a job id');
