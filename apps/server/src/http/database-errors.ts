import type { ErrorCode } from '@karta/contracts';
import { QUERY_CANCELED } from '../db/statement-timeout.ts';

/**
 * What a database error that is not a bug answers, with its code's status (errors.ts); the
 * database's own text stays in the log.
 */
export interface DatabaseErrorAnswer {
  code: ErrorCode;
  message: string;
}

/** Why writes are refused while storage is low: the storage guard's answer and a full disk's. */
export const STORAGE_LOW_MESSAGE =
  'The server is running out of storage space, so changes are refused for now.';

/** What a read stopped by the statement timeout answers (its 503 `query_timeout`). */
export const QUERY_TIMEOUT_MESSAGE =
  'The request took too long and was stopped. Narrow it (a smaller area, a more specific search) and try again.';

/** Data exceptions (SQLSTATE class 22) the client can act on, by code. */
const DATA_EXCEPTIONS: Record<string, string> = {
  '22021': 'A text in the request holds a character that cannot be stored (such as a NUL byte).',
  '22P05': 'A text in the request holds a character that cannot be stored.',
  '22003': 'A number in the request is out of the range that can be stored.',
  '22P02': 'A value in the request is not in the form expected.',
  '22001': 'A text in the request is too long.',
};

/**
 * The answer for a database error of SQLSTATE `code`, or null for a bug (a 500, reported). Checks
 * before the database should refuse such input first; this is the defence in depth behind them:
 * - class 22 (data exception: a NUL byte, a number out of range) and class 23 (integrity: a
 *   duplicate, a missing reference) describe the request, so 400 `validation_error`;
 * - 53100 (disk full) is 507 `insufficient_storage`, like the storage guard's answer, since a
 *   disk can fill between two of its checks;
 * - 57014 (a statement ran past its timeout, decision 018) is 503 `query_timeout`: the request
 *   asked for too much at once, or the database is overloaded;
 * - other class 53 (out of memory, too many connections), class 08 (connection) and 57P0x
 *   (shutting down, cannot connect now) are 503 `database_unavailable`: try again shortly.
 */
export function databaseErrorAnswer(code: string | undefined): DatabaseErrorAnswer | null {
  if (!code) return null;
  const sqlClass = code.slice(0, 2);
  if (sqlClass === '22') {
    return {
      code: 'validation_error',
      message: DATA_EXCEPTIONS[code] ?? 'A value in the request cannot be stored.',
    };
  }
  if (sqlClass === '23') {
    return {
      code: 'validation_error',
      message: 'The request conflicts with data already stored (a duplicate or a missing reference).',
    };
  }
  if (code === '53100') {
    return {
      code: 'insufficient_storage',
      message: STORAGE_LOW_MESSAGE,
    };
  }
  if (code === QUERY_CANCELED) {
    return { code: 'query_timeout', message: QUERY_TIMEOUT_MESSAGE };
  }
  if (sqlClass === '53' || sqlClass === '08' || /^57P0[1-4]$/.test(code)) {
    return {
      code: 'database_unavailable',
      message: 'The database is not available. Please try again shortly.',
    };
  }
  return null;
}
