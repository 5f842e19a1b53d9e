import pg from 'pg';
import {
  answersWithin,
  type Database,
  DatabaseError,
  DatabaseUnavailableError,
  type Queryable,
  type QueryResult,
} from './database.ts';
import { TRANSACTION_STATEMENT_TIMEOUT_MS } from './statement-timeout.ts';

const INT8 = 20;
const INT8_ARRAY = 1016;
/** pg-types' lookup, typed by plain OIDs (its own type only lists the element types). */
const builtinParser = pg.types.getTypeParser as (oid: number, format: string) => (value: string) => unknown;

/** pg gives int8 as a string (it may exceed 2^53); our ids never do, and PGlite gives numbers. */
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return (value: string) => Number(value);
    if (oid === INT8_ARRAY) {
      const parseArray = builtinParser(INT8_ARRAY, 'text') as (value: string) => (string | null)[];
      return (value: string) => parseArray(value).map((item) => (item === null ? null : Number(item)));
    }
    return builtinParser(oid, format ?? 'text');
  },
} as pg.CustomTypesConfig;

/** Node socket errors and PostgreSQL classes 08 (connection) and 57P (shutdown) mean "not reachable". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
]);

function translate(error: unknown): Error {
  const e = error as { message?: string; code?: string; detail?: string; constraint?: string };
  const message = e?.message ?? String(error);
  const code = e?.code;
  if (
    (code && (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('57P'))) ||
    /Connection terminated|Cannot use a pool after calling end|timeout exceeded when trying to connect/i.test(
      message,
    )
  ) {
    return new DatabaseUnavailableError(`PostgreSQL is not reachable: ${message}`, { cause: error });
  }
  if (code && /^[0-9A-Z]{5}$/.test(code)) return new DatabaseError(message, code, e.detail, e.constraint);
  return error instanceof Error ? error : new Error(message);
}

async function run<T>(client: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) {
  try {
    const result = await client.query(sql, params ? [...params] : undefined);
    return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 } satisfies QueryResult<T>;
  } catch (error) {
    throw translate(error);
  }
}

class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;

  constructor(private readonly pool: pg.Pool) {}

  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
    return run<T>(this.pool, sql, params);
  }

  async exec(sql: string): Promise<void> {
    // No parameters: pg uses the simple query protocol, which accepts several statements.
    await run(this.pool, sql);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw translate(error);
    }
    // A checked-out client has no listener of the pool's: a connection cut between two of its
    // queries (PostgreSQL restarting) would emit an unhandled 'error' and end the process. The
    // next query fails instead, and the client is discarded at release.
    let cut: Error | undefined;
    const onCut = (error: Error) => {
      cut = error;
    };
    client.on('error', onCut);
    let open = true;
    const guard = () => {
      if (!open) throw new Error('This transaction has already ended');
    };
    const tx: Queryable = {
      query: async <R>(sql: string, params?: readonly unknown[]) => {
        guard();
        return run<R>(client, sql, params);
      },
      exec: async (sql: string) => {
        guard();
        await run(client, sql);
      },
    };
    let broken: unknown;
    try {
      await run(client, 'BEGIN');
      // Writes get their own, larger bound (decision 018); a migration lifts it with SET LOCAL.
      await run(client, `SET LOCAL statement_timeout = ${TRANSACTION_STATEMENT_TIMEOUT_MS}`);
      const result = await fn(tx);
      await run(client, 'COMMIT');
      return result;
    } catch (error) {
      await run(client, 'ROLLBACK').catch((rollbackError) => {
        // A client that cannot roll back is discarded rather than returned to the pool.
        broken = rollbackError;
      });
      throw error;
    } finally {
      open = false;
      client.off('error', onCut);
      client.release(cut ?? (broken instanceof Error ? broken : undefined));
    }
  }

  ping(timeoutMs = 2000): Promise<boolean> {
    return answersWithin(this, timeoutMs);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * Opens a pool on `url`. Connections are made lazily; `ping()` tells whether the server answers.
 * `statementTimeoutMs` bounds each statement outside a transaction (0: unbounded).
 */
export function openPostgresDatabase(
  url: string,
  options: { max?: number; onIdleError?: (error: Error) => void; statementTimeoutMs?: number } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    types: typeParsers,
    application_name: 'karta',
    // Every statement outside a transaction: PostgreSQL cancels it past the bound (SQLSTATE 57014).
    statement_timeout: options.statementTimeoutMs ?? 0,
  });
  // Without this handler an idle client's error (PostgreSQL restarted, network cut) kills the process.
  pool.on('error', (error) => options.onIdleError?.(error));
  return new PostgresDatabase(pool);
}
