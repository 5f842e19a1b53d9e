import type { Queryable } from '../db/database.ts';
import type { CounterStore, WindowCount } from './counter-store.ts';
import { secondsUntilToken } from './counter-store.ts';
import { hashedKey } from './hashed-key.ts';

/** The database's clock in ms since the epoch: one clock for every instance. */
const NOW_MS = `(extract(epoch FROM now()) * 1000)`;

/**
 * One hit: a new row opens a window, an expired one opens the next, an open one counts on. The
 * SET expressions all read the row as it was.
 */
const HIT = `
  INSERT INTO rate_limit_windows AS w (key, count, ends_at_ms)
  VALUES ($1, 1, floor(${NOW_MS})::bigint + $2::bigint)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN w.ends_at_ms <= excluded.ends_at_ms - $2::bigint THEN 1 ELSE w.count + 1 END,
    ends_at_ms = CASE WHEN w.ends_at_ms <= excluded.ends_at_ms - $2::bigint
      THEN excluded.ends_at_ms ELSE w.ends_at_ms END
  RETURNING count, ends_at_ms, floor(${NOW_MS})::bigint AS now_ms`;

const UNHIT = `
  UPDATE rate_limit_windows SET count = count - 1
  WHERE key = $1 AND ends_at_ms = $2::bigint AND count > 0`;

const PEEK = `
  SELECT count, ends_at_ms, now_ms
  FROM rate_limit_windows, (SELECT floor(${NOW_MS})::bigint AS now_ms) AS clock
  WHERE key = $1 AND ends_at_ms > now_ms`;

/** The bucket's tokens refilled since its last take ($2 tokens a second, up to $3). */
const REFILLED = `LEAST($3::float8, b.tokens + (excluded.updated_at_ms - b.updated_at_ms) * $2::float8 / 1000)`;
const AFTER_TAKE = `(${REFILLED} - CASE WHEN ${REFILLED} >= 1 THEN 1 ELSE 0 END)`;

/** One take: a new bucket starts full less this token; an existing one is refilled, then taken from. */
const TAKE = `
  INSERT INTO rate_limit_buckets AS b (key, tokens, updated_at_ms, took, full_at_ms)
  VALUES ($1, $3::float8 - 1, ${NOW_MS}, true, ${NOW_MS} + 1000 / $2::float8)
  ON CONFLICT (key) DO UPDATE SET
    tokens = ${AFTER_TAKE},
    updated_at_ms = excluded.updated_at_ms,
    took = ${REFILLED} >= 1,
    full_at_ms = excluded.updated_at_ms + ($3::float8 - ${AFTER_TAKE}) * 1000 / $2::float8
  RETURNING tokens, took`;

const SWEEP = `
  DELETE FROM rate_limit_windows WHERE ends_at_ms < ${NOW_MS};
  DELETE FROM rate_limit_buckets WHERE full_at_ms < ${NOW_MS};`;

/** How often expired windows and full buckets are deleted (by each instance; any may). */
export const SWEEP_EVERY_MS = 5 * 60_000;

interface WindowRow {
  count: number;
  ends_at_ms: number;
  now_ms: number;
}

const windowCount = (row: WindowRow): WindowCount => ({
  count: Number(row.count),
  endsAt: Number(row.ends_at_ms),
  resetInMs: Number(row.ends_at_ms) - Number(row.now_ms),
});

/**
 * Every limit in the database's unlogged tables (migration 035, RATE_LIMIT_STORE=database): one
 * upsert per hit or take, shared by every instance on the database. Expired rows are swept every
 * `SWEEP_EVERY_MS`, never on a request's way.
 */
export function createDatabaseCounterStore(
  database: Queryable,
  options: { onSweepError?: (error: unknown) => void; sweepEveryMs?: number } = {},
): CounterStore & { sweep(): Promise<void> } {
  const sweep = () => database.exec(SWEEP);
  const timer = setInterval(
    () => void sweep().catch((error) => options.onSweepError?.(error)),
    options.sweepEveryMs ?? SWEEP_EVERY_MS,
  );
  timer.unref();

  return {
    kind: 'database',
    async hit(limit, key, windowMs) {
      const { rows } = await database.query<WindowRow>(HIT, [hashedKey(limit, key), Math.ceil(windowMs)]);
      return windowCount(rows[0] as WindowRow);
    },
    async unhit(limit, key, endsAt) {
      await database.query(UNHIT, [hashedKey(limit, key), endsAt]);
    },
    async peek(limit, key) {
      const { rows } = await database.query<WindowRow>(PEEK, [hashedKey(limit, key)]);
      return rows[0] ? windowCount(rows[0]) : null;
    },
    async take(limit, key, { perSecond, burst }) {
      const { rows } = await database.query<{ tokens: number; took: boolean }>(TAKE, [
        hashedKey(limit, key),
        perSecond,
        burst,
      ]);
      const row = rows[0] as { tokens: number; took: boolean };
      return row.took ? 0 : secondsUntilToken(row.tokens, perSecond);
    },
    sweep,
    async close() {
      clearInterval(timer);
    },
  };
}
