import type { Queryable } from '../db/database.ts';
import { type HoursSettings, isKeyOpenAt, placeOpenState } from './open-state.ts';

/** Instants whose open keys are kept for `openAt` (a planner pages through one instant's list). */
const INSTANTS_KEPT = 16;

/**
 * Which hours keys (migration 013) are open at an instant, for the `openNow`/`openAt` filters of
 * every list: each key is evaluated once, not each place. The keys are read from
 * `opening_hours_keys` by what committed since the last read (as the change log is read, so a key
 * committed out of order is never skipped). For now, each key's state is kept until its next
 * change; another instant evaluates every key once (and is kept for the next pages). Hours are
 * read with `settings`, the app's own (config.hours).
 */
export function createOpenKeys(db: Queryable, settings: HoursSettings) {
  const keys = new Set<string>();
  let snapshot: string | null = null;
  let reading: Promise<void> | null = null;
  /** Each key's state now, valid until `until` (ms; Infinity when it never changes). */
  const now = new Map<string, { open: boolean; until: number }>();
  /** Open keys by instant, with how many keys there were then (a new key makes them stale). */
  const atInstant = new Map<number, { known: number; open: string[] }>();

  async function readNewKeys(): Promise<void> {
    const { rows } = await db.query<{ key: string | null; snapshot: string }>(
      snapshot === null
        ? 'SELECT k.key, s.snapshot FROM (SELECT pg_current_snapshot()::text AS snapshot) AS s LEFT JOIN opening_hours_keys k ON TRUE'
        : `SELECT k.key, s.snapshot FROM (SELECT pg_current_snapshot()::text AS snapshot) AS s
           LEFT JOIN opening_hours_keys k
             ON k.xid >= pg_snapshot_xmin($1::pg_snapshot) AND NOT pg_visible_in_snapshot(k.xid, $1::pg_snapshot)`,
      snapshot === null ? [] : [snapshot],
    );
    for (const row of rows) if (row.key !== null) keys.add(row.key);
    const next = rows[0]?.snapshot;
    if (next) snapshot = next;
  }

  /** Reads the keys committed since the last read (one read at a time; later callers share it). */
  async function refresh(): Promise<void> {
    if (!reading) reading = readNewKeys().finally(() => (reading = null));
    await reading;
  }

  function openNow(at: number): string[] {
    const open: string[] = [];
    for (const key of keys) {
      let state = now.get(key);
      if (!state || at >= state.until) {
        const evaluated = placeOpenState(key, settings, new Date(at));
        const until = evaluated.nextChange ? Date.parse(evaluated.nextChange) : Number.POSITIVE_INFINITY;
        state = { open: evaluated.state === 'open', until };
        now.set(key, state);
      }
      if (state.open) open.push(key);
    }
    return open;
  }

  function openAt(at: number): string[] {
    const kept = atInstant.get(at);
    if (kept && kept.known === keys.size) return kept.open;
    const instant = new Date(at);
    const open = [...keys].filter((key) => isKeyOpenAt(key, instant, settings));
    if (atInstant.size >= INSTANTS_KEPT) atInstant.delete(atInstant.keys().next().value as number);
    atInstant.set(at, { known: keys.size, open });
    return open;
  }

  return {
    /** The keys open now, or at `instant` when given. */
    async openKeys(instant?: Date): Promise<string[]> {
      await refresh();
      return instant ? openAt(instant.getTime()) : openNow(Date.now());
    },
  };
}

export type OpenKeys = ReturnType<typeof createOpenKeys>;
