import type { Database, Queryable, QueryResult } from './database.ts';

/** A statement that begins as a query does (SELECT, or WITH … SELECT): a read, unless … */
const BEGINS_AS_READ = /^\s*(?:SELECT|WITH)\b/i;
/** … it holds a word that changes data (a data-changing WITH, a locking read, a sequence step). */
const CHANGES_DATA = /\b(?:INSERT|UPDATE|DELETE|MERGE|TRUNCATE|COPY|CALL|NEXTVAL|SETVAL)\b/i;

/**
 * Whether a statement can only read. Anything it cannot be sure of counts as a write: a read
 * taken for a write costs one more look at the change log, a write taken for a read would hide
 * a change.
 */
export function onlyReads(sql: string): boolean {
  return BEGINS_AS_READ.test(sql) && !CHANGES_DATA.test(sql);
}

/**
 * A database that counts the statements that may have changed data as they end (every statement
 * but a plain read, every transaction, every script), successfully or not: a reader that noted the
 * figure knows nothing was written through this handle since, while it is unchanged (the map
 * index so skips asking the change log, map-index/change-watch.ts).
 */
export class WriteCountingDatabase implements Database {
  writesEnded = 0;

  /** `uncounted`: the same database, for statements known to leave places and notes alone. */
  constructor(readonly uncounted: Database) {}

  get kind() {
    return this.uncounted.kind;
  }

  async query<T = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<T>> {
    if (onlyReads(sql)) return this.uncounted.query<T>(sql, params);
    try {
      return await this.uncounted.query<T>(sql, params);
    } finally {
      this.writesEnded += 1;
    }
  }

  async exec(sql: string): Promise<void> {
    try {
      await this.uncounted.exec(sql);
    } finally {
      this.writesEnded += 1;
    }
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    try {
      return await this.uncounted.transaction(fn);
    } finally {
      this.writesEnded += 1;
    }
  }

  ping(timeoutMs?: number): Promise<boolean> {
    return this.uncounted.ping(timeoutMs);
  }

  close(): Promise<void> {
    return this.uncounted.close();
  }
}

/**
 * The database without the count, for writes known to touch neither places nor their notes (the
 * read limits' windows, written on every limited read): counted, they would make every read ask
 * the change log again.
 */
export function uncountedWrites(database: Database): Database {
  return database instanceof WriteCountingDatabase ? database.uncounted : database;
}
