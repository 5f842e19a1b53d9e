import { createHash } from 'node:crypto';
import { type EndpointName, IDEMPOTENCY_KEY_KEEP_DAYS } from '@karta/contracts';
import { DatabaseError, type Queryable } from '../db/database.ts';
import { AppError } from './errors.ts';

/**
 * Writes that happen once per `Idempotency-Key` (table `idempotent_writes`, migration 019): a
 * browser re-sends an offline draft when the network returns, and a POST whose answer was lost
 * must not write a second place or photo. The key is claimed in the write's own transaction, so
 * the key and the write commit together or not at all, and the table's primary key settles a
 * race: of two requests with one key, the second waits on the first's claim and then fails with
 * a unique violation, after which it answers the first's result.
 */

/** One keyed write: who sent it, to which endpoint, under which key, asking for what. */
export interface KeyedWrite {
  userId: number;
  endpoint: EndpointName;
  key: string;
  /** A hash of what the request asks for (`requestHash`): one key names one request. */
  requestHash: string;
}

/** What a write's transaction does with its key: claim it before writing, name the result after. */
export interface KeyClaim {
  claim(tx: Queryable): Promise<void>;
  settle(tx: Queryable, resultId: number): Promise<void>;
}

/** Keys older than this are forgotten: the same key then writes again. */
const KEPT = `interval '${IDEMPOTENCY_KEY_KEEP_DAYS} days'`;

/** `value` with every object's keys in order, so the same request hashes the same however sent. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/** A SHA-256 of a request's parsed input, as JSON with sorted keys. */
export function requestHash(request: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(request)) ?? 'undefined')
    .digest('hex');
}

/** The keyed write of a request, or undefined when it sent no key (it then writes as always). */
export function keyedWrite(
  userId: number,
  endpoint: EndpointName,
  key: string | undefined,
  request: unknown,
): KeyedWrite | undefined {
  return key === undefined ? undefined : { userId, endpoint, key, requestHash: requestHash(request) };
}

async function earlierWrite(
  db: Queryable,
  write: KeyedWrite,
): Promise<{ requestHash: string; resultId: number | null } | undefined> {
  const { rows } = await db.query<{ request_hash: string; result_id: number | null }>(
    `SELECT request_hash, result_id FROM idempotent_writes
     WHERE user_id = $1::int8 AND endpoint = $2 AND key = $3 AND created_at > now() - ${KEPT}`,
    [write.userId, write.endpoint, write.key],
  );
  const row = rows[0];
  return row && { requestHash: row.request_hash, resultId: row.result_id };
}

function claimOf(write: KeyedWrite): KeyClaim {
  const where = [write.userId, write.endpoint, write.key] as const;
  return {
    async claim(tx) {
      // A user's expired keys go when they write a new one: a cheap delete on the primary key's
      // user prefix, and no sweep to schedule. An expired copy of this key goes with them.
      await tx.query(
        `DELETE FROM idempotent_writes WHERE user_id = $1::int8 AND created_at <= now() - ${KEPT}`,
        [write.userId],
      );
      await tx.query(
        'INSERT INTO idempotent_writes (user_id, endpoint, key, request_hash) VALUES ($1, $2, $3, $4)',
        [...where, write.requestHash],
      );
    },
    async settle(tx, resultId) {
      await tx.query(
        'UPDATE idempotent_writes SET result_id = $4 WHERE user_id = $1::int8 AND endpoint = $2 AND key = $3',
        [...where, resultId],
      );
    },
  };
}

/** Another request claimed the key first (and has committed, or the claim would still wait). */
function isKeyTaken(error: unknown): boolean {
  return (
    error instanceof DatabaseError &&
    error.code === '23505' &&
    (error.constraint === undefined || error.constraint === 'idempotent_writes_pkey')
  );
}

async function replayOf<T>(
  earlier: { requestHash: string; resultId: number | null },
  write: KeyedWrite,
  replay: (resultId: number) => Promise<T | undefined>,
): Promise<T> {
  if (earlier.requestHash !== write.requestHash) {
    throw new AppError(
      'idempotency_key_reused',
      'This Idempotency-Key was sent before with another request: send a new key for a new write',
    );
  }
  const answer = earlier.resultId === null ? undefined : await replay(earlier.resultId);
  // A photo deleted since: what the key wrote is gone, and writing it again is not what was asked.
  if (answer === undefined) throw new AppError('not_found', 'What this key wrote no longer exists');
  return answer;
}

/**
 * Runs a write at most once per key: without a key, `write(undefined)` as always; with one, the
 * earlier write's result (`replay`, before any check a new write would face, such as the limit of
 * open proposals), or `write(claim)`, whose transaction must `claim` the key before writing and
 * `settle` it with the result's id. 422 `idempotency_key_reused` when the key came with another
 * request. `db` is read outside any transaction (PGlite would wait for itself inside one).
 */
export async function once<T>(
  db: Queryable,
  keyed: KeyedWrite | undefined,
  write: (claim: KeyClaim | undefined) => Promise<T>,
  replay: (resultId: number) => Promise<T | undefined>,
): Promise<T> {
  if (!keyed) return write(undefined);
  const earlier = await earlierWrite(db, keyed);
  if (earlier) return replayOf(earlier, keyed, replay);
  try {
    return await write(claimOf(keyed));
  } catch (error) {
    if (!isKeyTaken(error)) throw error;
    // The loser of a race: the winner has committed its key and result, which are the answer.
    const winner = await earlierWrite(db, keyed);
    if (!winner) throw error;
    return replayOf(winner, keyed, replay);
  }
}
