import { DatabaseError } from './database.ts';

/** The SQLSTATE PostgreSQL answers for a statement stopped by `statement_timeout` (query_canceled). */
export const QUERY_CANCELED = '57014';

/**
 * The bound of a statement inside a transaction: writes, imports and the demo seed. A write cut
 * short is rolled back whole, so it gets the same minute as PGlite's stall watchdog rather than the
 * read bound; migrations lift it altogether (an index build at a million places takes minutes).
 */
export const TRANSACTION_STATEMENT_TIMEOUT_MS = 60_000;

/** The error a read gets when it ran past its bound, the same on PGlite and PostgreSQL. */
export function statementTimeoutError(timeoutMs: number): DatabaseError {
  return new DatabaseError(`canceling statement due to statement timeout (${timeoutMs} ms)`, QUERY_CANCELED);
}

const LEADING_NOISE = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/;
const READ_START = /^(?:select|with|values|table)\b/i;
/** Words of a statement that may change something even when it starts with SELECT or WITH. */
const MAY_WRITE =
  /\b(?:insert|update|delete|merge|truncate|nextval|setval|set_config|pg_advisory\w*|pg_notify|lock)\b/i;

/**
 * Whether `sql` only reads. On PGlite a read past its bound is answered with a timeout while the
 * worker finishes it (nothing can interrupt it), which is only right for a statement whose result
 * nobody needs: a write answered "timed out" must not commit afterwards. So anything that might
 * write counts as a write (the safe side): a word such as `update` in a literal costs a read its bound.
 */
export function isReadStatement(sql: string): boolean {
  const body = sql.replace(LEADING_NOISE, '');
  return READ_START.test(body) && !MAY_WRITE.test(body);
}
