/**
 * The one database seam of the server. Two implementations (PGlite in a worker, PostgreSQL through
 * `pg`) return the same JS values for the same SQL: int8 → number, timestamptz → Date,
 * json/jsonb → parsed values, numeric → string (cast to float8 in SQL where a number is wanted).
 */
export interface Queryable {
  /** One statement with `$1…` parameters. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface QueryResult<T> {
  rows: T[];
  /** Rows inserted, updated or deleted by the statement (0 for a SELECT on PGlite). */
  rowCount: number;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction: COMMIT when it resolves, ROLLBACK when it throws. Use the given
   * handle inside; on PGlite, calling the outer database from `fn` would wait for `fn` forever.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Answers whether the database responds within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * How many statements that may have changed data have ended through this handle, or undefined
   * when it does not count them (see write-count.ts; `openDatabase` gives a counting one).
   */
  readonly writesEnded?: number;
  close(): Promise<void>;
}

/** An error PostgreSQL reported, with its SQLSTATE code (`23505` unique violation, …). */
export class DatabaseError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly detail?: string,
    readonly constraint?: string,
  ) {
    super(message);
    this.name = 'DatabaseError';
  }
}

/** The database cannot be reached (connection refused, closed, worker gone): the API answers 503. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Whether `db` answers `SELECT 1` within `timeoutMs` (a hung or lost database answers false). */
export async function answersWithin(db: Queryable, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.query('SELECT 1').then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
