import type { ImportGeocodingRun } from '@karta/contracts';
import type { Database, Queryable } from '../db/database.ts';
import { GeocoderUnavailableError } from '../geocoding/geocode-source.ts';
import type { Geocoder } from '../geocoding/geocoder.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { doublingDelay, type JobHandler } from '../jobs/job-runner.ts';

/** Looking an import's addresses up is a job of this kind, keyed `import.geocode:<run id>`. */
export const GEOCODING_JOB = 'import.geocode';
/** Attempts of a run whose geocoder stays unavailable: a minute's wait, doubling, about an hour in all. */
const ATTEMPTS = 6;
/** Tries of one address while the service is unavailable, and the pause between them. */
const TRIES = 3;
const PAUSE_MS = 5_000;

interface RunRow {
  id: number;
  state: 'running' | 'done' | 'failed';
  total: number;
  done: number;
  not_found: number;
  started_at: Date;
  job_state: string | null;
}

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resume) => {
    const timer = setTimeout(resume, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resume();
    });
  });
}

/** One address from the geocoder, asked again through a short outage. */
async function locate(geocoder: Geocoder, address: string, signal: AbortSignal): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await geocoder.locate(address, 'ask');
    } catch (error) {
      if (!(error instanceof GeocoderUnavailableError) || attempt === TRIES) throw error;
      await pause(PAUSE_MS, signal);
      signal.throwIfAborted();
    }
  }
}

/**
 * The handler of `import.geocode` jobs: looks a run's addresses up in turn from where it stands
 * (a job run again after its instance stopped goes on from there), each answer kept in the
 * geocoder's cache for the import to find. A run superseded by its moderator's next one stops.
 */
export function geocodingHandler(db: Queryable, geocoder: Geocoder): JobHandler {
  return {
    kind: GEOCODING_JOB,
    concurrency: 2,
    retryDelayMs: doublingDelay(60_000, 30 * 60_000),
    async run(job, { signal }) {
      const runId = Number(job.payload.runId);
      const addresses = job.payload.addresses as string[];
      const { rows } = await db.query<{ done: number; not_found: number }>(
        `SELECT done, not_found FROM import_geocodings WHERE id = $1 AND state = 'running'`,
        [runId],
      );
      const run = rows[0];
      if (!run) return;
      let { done, not_found: notFound } = run;
      try {
        for (const address of addresses.slice(done)) {
          signal.throwIfAborted();
          const found = await locate(geocoder, address, signal);
          done += 1;
          if (found === null) notFound += 1;
          const { rows: still } = await db.query(
            `UPDATE import_geocodings SET done = $2, not_found = $3, updated_at = now()
             WHERE id = $1 AND state = 'running' RETURNING id`,
            [runId, done, notFound],
          );
          // Superseded by a newer run of the same moderator.
          if (still.length === 0) return;
        }
      } catch (error) {
        if (!signal.aborted && job.attempts >= job.maxAttempts) {
          await db.query(`UPDATE import_geocodings SET state = 'failed', updated_at = now() WHERE id = $1`, [
            runId,
          ]);
        }
        throw error;
      }
      await db.query(`UPDATE import_geocodings SET state = 'done', updated_at = now() WHERE id = $1`, [
        runId,
      ]);
    },
  };
}

/**
 * Background look-ups of an import's addresses, one at a time per moderator (a new file's run
 * stops their previous one), run as jobs (`geocodingHandler`) by whichever instance claims them.
 */
export function geocodingRuns(db: Database) {
  return {
    /** Starts looking `addresses` up for `actorId`, stopping their run before; its id. */
    async start(actorId: number, addresses: readonly string[]): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.query(
          `UPDATE import_geocodings SET state = 'failed', updated_at = now() WHERE actor_id = $1 AND state = 'running'`,
          [actorId],
        );
        const { rows } = await tx.query<{ id: number }>(
          'INSERT INTO import_geocodings (actor_id, total) VALUES ($1, $2) RETURNING id',
          [actorId, addresses.length],
        );
        const id = rows[0]?.id ?? 0;
        await enqueueJob(tx, {
          kind: GEOCODING_JOB,
          payload: { runId: id, addresses },
          key: `${GEOCODING_JOB}:${id}`,
          maxAttempts: ATTEMPTS,
        });
        return id;
      });
    },

    /** A run of `actorId`'s (moderators see only their own), or null. */
    async read(id: number, actorId: number): Promise<ImportGeocodingRun | null> {
      const { rows } = await db.query<RunRow>(
        `SELECT run.id, run.state, run.total, run.done, run.not_found, run.started_at, job.state AS job_state
         FROM import_geocodings run
         LEFT JOIN jobs job ON job.unique_key = '${GEOCODING_JOB}:' || run.id
         WHERE run.id = $1 AND run.actor_id = $2`,
        [id, actorId],
      );
      const row = rows[0];
      if (!row) return null;
      // A run whose job died (or was tidied away unfinished) will not go on.
      const stopped = row.state === 'running' && (row.job_state === null || row.job_state === 'dead');
      return {
        id: row.id,
        state: stopped ? 'failed' : row.state,
        total: row.total,
        done: row.done,
        notFound: row.not_found,
        startedAt: new Date(row.started_at).toISOString(),
      };
    },
  };
}

export type GeocodingRuns = ReturnType<typeof geocodingRuns>;
