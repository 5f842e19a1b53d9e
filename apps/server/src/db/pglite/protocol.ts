/**
 * The message protocol between the main thread and the PGlite worker: one request, one answer,
 * matched by `id`. Kept this small on purpose (see docs/decisions/001-pglite-in-a-worker.md).
 */
export type PgliteRequest =
  | { type: 'query'; id: number; sql: string; params: unknown[] }
  | { type: 'exec'; id: number; sql: string }
  | { type: 'close'; id: number };

/** An error as it crosses the thread boundary: the fields of a PostgreSQL error we use. */
export interface WireError {
  message: string;
  code?: string;
  detail?: string;
  constraint?: string;
  /** True when PGlite itself broke (not an SQL error): the database is then unusable. */
  fatal?: boolean;
}

export type PgliteResponse =
  | { type: 'ready' }
  | { type: 'open-failed'; error: WireError }
  | { type: 'ok'; id: number; rows: unknown[]; rowCount: number }
  | { type: 'error'; id: number; error: WireError };

/** What the worker is started with. */
export interface PgliteWorkerData {
  /** The PGlite database folder. */
  path: string;
}
