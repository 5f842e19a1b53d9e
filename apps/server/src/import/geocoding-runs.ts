import type { ImportGeocodingRun } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import { GeocoderUnavailableError } from '../geocoding/geocode-source.ts';
import type { Geocoder } from '../geocoding/geocoder.ts';

/** A running look-up whose process has not written for this long was stopped with it. */
const SILENT_FOR_SECONDS = 120;
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
  silent: boolean;
}

/**
 * Background look-ups of an import's addresses, one at a time per moderator (a new file's run
 * stops their previous one), each answer kept in the geocoder's cache for the import to find.
 */
export function geocodingRuns(db: Queryable, geocoder: Geocoder, log: (error: unknown) => void) {
  const running = new Map<number, AbortController>();
  const sleep = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resume) => {
      const timer = setTimeout(resume, ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resume();
      });
    });

  async function lookUp(id: number, addresses: readonly string[], signal: AbortSignal) {
    let done = 0;
    let notFound = 0;
    for (const address of addresses) {
      if (signal.aborted) return;
      let found: unknown;
      for (let attempt = 1; ; attempt++) {
        try {
          found = await geocoder.locate(address, 'ask');
          break;
        } catch (error) {
          if (!(error instanceof GeocoderUnavailableError) || attempt === TRIES) throw error;
          await sleep(PAUSE_MS, signal);
          if (signal.aborted) return;
        }
      }
      done += 1;
      if (found === null) notFound += 1;
      await db.query(
        'UPDATE import_geocodings SET done = $2, not_found = $3, updated_at = now() WHERE id = $1',
        [id, done, notFound],
      );
    }
    await db.query(`UPDATE import_geocodings SET state = 'done', updated_at = now() WHERE id = $1`, [id]);
  }

  return {
    /** Starts looking `addresses` up for `actorId`, stopping their run before; its id. */
    async start(actorId: number, addresses: readonly string[]): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        'INSERT INTO import_geocodings (actor_id, total) VALUES ($1, $2) RETURNING id',
        [actorId, addresses.length],
      );
      const id = rows[0]?.id ?? 0;
      running.get(actorId)?.abort();
      const controller = new AbortController();
      running.set(actorId, controller);
      void lookUp(id, addresses, controller.signal)
        .catch(async (error) => {
          log(error);
          await db
            .query(`UPDATE import_geocodings SET state = 'failed', updated_at = now() WHERE id = $1`, [id])
            .catch(() => undefined);
        })
        .finally(() => {
          if (running.get(actorId) === controller) running.delete(actorId);
        });
      return id;
    },

    /** A run of `actorId`'s (moderators see only their own), or null. */
    async read(id: number, actorId: number): Promise<ImportGeocodingRun | null> {
      const { rows } = await db.query<RunRow>(
        `SELECT id, state, total, done, not_found, started_at,
                updated_at < now() - interval '${SILENT_FOR_SECONDS} seconds' AS silent
           FROM import_geocodings WHERE id = $1 AND actor_id = $2`,
        [id, actorId],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        id: row.id,
        state: row.state === 'running' && row.silent ? 'failed' : row.state,
        total: row.total,
        done: row.done,
        notFound: row.not_found,
        startedAt: new Date(row.started_at).toISOString(),
      };
    },

    /** Stops every run (the server is closing); what they found stays in the cache. */
    stopAll() {
      for (const controller of running.values()) controller.abort();
      running.clear();
    },
  };
}

export type GeocodingRuns = ReturnType<typeof geocodingRuns>;
