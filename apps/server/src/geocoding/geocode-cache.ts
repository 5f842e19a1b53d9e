import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

/** How long an answer is kept (the public services ask for caching; addresses rarely move). */
export const CACHE_DAYS = 30;
/** One store in this many also deletes the expired answers, so the table never grows without end. */
const SWEEP_EVERY = 200;

/** A request as a cache key: SHA-256 of its parts, so the table does not hold what was typed. */
export function cacheKey(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Remote geocoders' answers in the database, shared by every instance on it. */
export function geocodeCache(db: Queryable) {
  let stores = 0;
  return {
    async read<T>(key: string): Promise<{ answer: T } | null> {
      const { rows } = await db.query<{ answer: T }>(
        `SELECT answer FROM geocode_cache WHERE key = $1 AND stored_at > now() - interval '${CACHE_DAYS} days'`,
        [key],
      );
      return rows[0] ?? null;
    },
    async store(key: string, answer: unknown): Promise<void> {
      await db.query(
        `INSERT INTO geocode_cache (key, answer) VALUES ($1, $2::jsonb)
         ON CONFLICT (key) DO UPDATE SET answer = EXCLUDED.answer, stored_at = now()`,
        [key, JSON.stringify(answer)],
      );
      stores += 1;
      if (stores % SWEEP_EVERY === 0) {
        await db.query(`DELETE FROM geocode_cache WHERE stored_at < now() - interval '${CACHE_DAYS} days'`);
      }
    },
  };
}
