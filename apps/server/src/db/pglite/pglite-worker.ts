/**
 * Hosts PGlite in its own thread. PGlite runs every query synchronously on the thread it lives
 * on (a 0.9 s query froze every request when it ran on the main thread), so it lives here and
 * answers the main thread's messages one at a time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgliteRequest, PgliteResponse, PgliteWorkerData, WireError } from './protocol.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker must run in a worker thread');
const { path } = (workerData as { data: PgliteWorkerData }).data;

function send(message: PgliteResponse) {
  port?.postMessage(message);
}

function toWireError(error: unknown): WireError {
  if (error && typeof error === 'object' && 'message' in error) {
    const e = error as { message: string; code?: unknown; detail?: unknown; constraint?: unknown };
    const code = typeof e.code === 'string' ? e.code : undefined;
    return {
      message: String(e.message),
      code,
      detail: typeof e.detail === 'string' ? e.detail : undefined,
      constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
      // Anything without a SQLSTATE is PGlite's machinery failing (WASM abort, file system error).
      fatal: code === undefined,
    };
  }
  return { message: String(error), fatal: true };
}

let db: PGlite;
try {
  db = new PGlite(path, {
    // Same JS values as the pg driver: int8 as a plain number (ids stay far below 2^53).
    parsers: { [types.INT8]: (value: string) => Number(value) },
    // Trigram indexes for place search (migration 004, decision 007).
    extensions: { pg_trgm },
    // PGlite runs PostgreSQL as one process, which never checkpoints by itself: the write-ahead log
    // grows until a CHECKPOINT (wal-checkpoints.ts asks for them). These sizes make a checkpoint
    // also delete the old log files, rather than keep up to 1 GB of them for reuse (measured: 20 000
    // imported rows left 192 MB of log after a checkpoint at the defaults, 64 MB with these).
    startParams: [...PGlite.defaultStartParams, '-c', 'min_wal_size=32MB', '-c', 'max_wal_size=32MB'],
  });
  await db.waitReady;
  // A GIN index's pending list (its unsorted recent entries) is emptied only by VACUUM or once it
  // outgrows this limit, and PGlite runs no autovacuum: at the default 4 MB, every trigram search
  // read ~450 pending pages, and the planner, counting them, scanned the whole table instead
  // (search p95 210 ms at 100 000 places). 512 kB keeps reads short without slowing inserts
  // measurably (decision 016).
  await db.exec(`SET gin_pending_list_limit = '512kB'`);
  send({ type: 'ready' });
} catch (error) {
  send({ type: 'open-failed', error: toWireError(error) });
  process.exit(1);
}

port.on('message', async (request: PgliteRequest) => {
  try {
    if (request.type === 'query') {
      const result = await db.query(request.sql, request.params);
      send({ type: 'ok', id: request.id, rows: result.rows, rowCount: result.affectedRows ?? 0 });
    } else if (request.type === 'exec') {
      await db.exec(request.sql);
      send({ type: 'ok', id: request.id, rows: [], rowCount: 0 });
    } else if (request.type === 'close') {
      await db.close();
      send({ type: 'ok', id: request.id, rows: [], rowCount: 0 });
    }
  } catch (error) {
    send({ type: 'error', id: request.id, error: toWireError(error) });
  }
});
