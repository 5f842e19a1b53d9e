import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../../workers/start-ts-worker.ts';
import { type DataDirLock, lockDataDir } from '../data-dir-lock.ts';
import {
  answersWithin,
  type Database,
  DatabaseError,
  DatabaseUnavailableError,
  type Queryable,
  type QueryResult,
} from '../database.ts';
import { Mutex } from '../mutex.ts';
import { isReadStatement, statementTimeoutError } from '../statement-timeout.ts';
import { CHECKPOINT_CHECK_MS, checkpointWhenDue } from '../wal-checkpoints.ts';
import type { PgliteRequest, PgliteResponse, PgliteWorkerData, WireError } from './protocol.ts';

type Pending = {
  resolve: (value: { rows: unknown[]; rowCount: number }) => void;
  reject: (e: Error) => void;
  /** The watchdog of a query (scripts such as migrations may run long and have none). */
  watchdog?: NodeJS.Timeout;
};

/**
 * How long one query may go unanswered before PGlite counts as hung. Measured: after an import
 * filled the disk with WAL, PGlite answered no query again, even once space was freed, until the
 * process was killed; every request waited behind it. The slowest query Karta makes (a batch of
 * 1 000 imported rows, the map index's load of 100 000 places) takes about a second.
 */
export const PGLITE_STALL_MS = 60_000;

export interface PgliteOptions {
  /** See PGLITE_STALL_MS. */
  stallMs?: number;
  /**
   * Called once when the database fails for good (the worker died or stopped answering): every
   * query is then refused at once (503), so nothing waits; the server exits for its supervisor.
   */
  onFailure?: (error: Error) => void;
  /**
   * How long a read (`isReadStatement`) outside a transaction may take, waiting for the session
   * included; 0 or absent: unbounded. PGlite ignores `statement_timeout` (its single-user backend
   * has no timer signal) and a running query cannot be interrupted, so the caller is answered
   * with a timeout at the bound, a read still queued is dropped, and one already running finishes
   * unseen (decision 018).
   */
  statementTimeoutMs?: number;
}
type RequestBody = PgliteRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * PGlite behind a worker thread. Every use of the single PGlite session goes through one mutex,
 * so a transaction (BEGIN … COMMIT sent as ordinary queries while holding it) never interleaves
 * with anything else.
 */
class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  private readonly mutex = new Mutex();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | undefined;

  private closing = false;
  /** Keeps the write-ahead log bounded between imports (wal-checkpoints.ts). */
  private readonly checkpoints = setInterval(
    // A checkpoint that fails (a full disk) is tried again at the next check; queries report it.
    () => void checkpointWhenDue(this).catch(() => undefined),
    CHECKPOINT_CHECK_MS,
  ).unref();

  constructor(
    private readonly worker: Worker,
    private readonly lock: DataDirLock,
    private readonly options: PgliteOptions = {},
  ) {
    worker.on('message', (message: PgliteResponse) => {
      if (message.type !== 'ok' && message.type !== 'error') return;
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      clearTimeout(waiting.watchdog);
      if (message.type === 'ok') waiting.resolve(message);
      else waiting.reject(this.toError(message.error));
    });
    worker.on('error', (error) =>
      this.fail(new DatabaseUnavailableError('The PGlite worker failed', { cause: error })),
    );
    worker.on('exit', () => this.fail(new DatabaseUnavailableError('The database is closed')));
  }

  private toError(error: WireError): Error {
    if (error.fatal) {
      const failure = new DatabaseUnavailableError(`PGlite failed: ${error.message}`);
      this.fail(failure);
      return failure;
    }
    return new DatabaseError(error.message, error.code, error.detail, error.constraint);
  }

  private fail(error: Error) {
    const first = this.failure === undefined;
    this.failure ??= error;
    clearInterval(this.checkpoints);
    for (const waiting of this.pending.values()) {
      clearTimeout(waiting.watchdog);
      waiting.reject(error);
    }
    this.pending.clear();
    if (first && !this.closing) this.options.onFailure?.(error);
  }

  /** A query went unanswered too long: PGlite is hung, so stop it and refuse everything from now. */
  private hung(stallMs: number) {
    this.fail(
      new DatabaseUnavailableError(
        `PGlite did not answer a query within ${stallMs / 1000} s and is stopped: the database is unavailable`,
      ),
    );
    void this.worker.terminate();
  }

  private send(body: RequestBody): Promise<{ rows: unknown[]; rowCount: number }> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const stallMs = this.options.stallMs ?? PGLITE_STALL_MS;
    return new Promise((resolve, reject) => {
      const watchdog = body.type === 'query' ? setTimeout(() => this.hung(stallMs), stallMs) : undefined;
      watchdog?.unref();
      this.pending.set(id, { resolve, reject, watchdog });
      this.worker.postMessage({ ...body, id });
    });
  }

  private async sendQuery<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
    const result = await this.send({ type: 'query', sql, params: [...params] });
    return { rows: result.rows as T[], rowCount: result.rowCount };
  }

  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
    const limit = this.options.statementTimeoutMs ?? 0;
    if (limit <= 0 || !isReadStatement(sql)) return this.mutex.run(() => this.sendQuery<T>(sql, params));
    return this.boundedRead<T>(sql, params, limit);
  }

  /** A read answered within `limit` ms or refused with the timeout error (see `statementTimeoutMs`). */
  private boundedRead<T>(sql: string, params: readonly unknown[] | undefined, limit: number) {
    let expired = false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        expired = true;
        reject(statementTimeoutError(limit));
      }, limit);
    });
    const read = this.mutex.run(async () => {
      // Its caller has had its answer: the session goes to the next in line instead.
      if (expired) return undefined;
      return this.sendQuery<T>(sql, params);
    });
    // The loser of the race is settled unseen (a late answer or error has no one to go to).
    read.catch(() => undefined);
    return Promise.race([read as Promise<QueryResult<T>>, timeout]).finally(() => clearTimeout(timer));
  }

  exec(sql: string): Promise<void> {
    return this.mutex.run(async () => {
      await this.send({ type: 'exec', sql });
    });
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.mutex.run(async () => {
      let open = true;
      const guard = () => {
        if (!open) throw new Error('This transaction has already ended');
      };
      const tx: Queryable = {
        query: async <R>(sql: string, params?: readonly unknown[]) => {
          guard();
          return this.sendQuery<R>(sql, params);
        },
        exec: async (sql: string) => {
          guard();
          await this.send({ type: 'exec', sql });
        },
      };
      await this.sendQuery('BEGIN');
      try {
        const result = await fn(tx);
        await this.sendQuery('COMMIT');
        return result;
      } catch (error) {
        await this.sendQuery('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        open = false;
      }
    });
  }

  ping(timeoutMs = 2000): Promise<boolean> {
    return answersWithin(this, timeoutMs);
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.checkpoints);
    try {
      if (!this.failure) await this.mutex.run(() => this.send({ type: 'close' }));
    } catch {
      // Closing a broken database: nothing more to flush.
    } finally {
      this.fail(new DatabaseUnavailableError('The database is closed'));
      await this.worker.terminate();
      this.lock.release();
    }
  }
}

const WORKER_ENTRY = new URL('./pglite-worker.ts', import.meta.url);

/**
 * Opens the PGlite database in `dataDir/pglite` after taking the data folder's lock; the lock sits
 * beside the database folder (not inside it) so PGlite's own files stay untouched.
 */
export async function openPgliteDatabase(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  const lock = lockDataDir(dataDir);
  try {
    const data: PgliteWorkerData = { path: join(dataDir, 'pglite') };
    const worker = startTsWorker(WORKER_ENTRY, data, 'karta-pglite');
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: PgliteResponse) => {
        if (message.type === 'ready') done();
        else if (message.type === 'open-failed')
          done(new Error(`PGlite could not open ${data.path}: ${message.error.message}`));
      };
      const onError = (error: Error) => done(error);
      const onExit = (code: number) =>
        done(new Error(`The PGlite worker exited with code ${code} while opening`));
      function done(error?: Error) {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (error) {
          void worker.terminate();
          reject(error);
        } else resolve();
      }
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
    });
    return new PgliteDatabase(worker, lock, options);
  } catch (error) {
    lock.release();
    throw error;
  }
}
