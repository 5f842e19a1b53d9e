import { DEFAULT_STATEMENT_TIMEOUT_MS } from '../config/database.ts';
import type { Config } from '../config/env.ts';
import type { Database } from './database.ts';
import { openPgliteDatabase } from './pglite/pglite-database.ts';
import { openPostgresDatabase } from './postgres-database.ts';
import { WriteCountingDatabase } from './write-count.ts';

/**
 * PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR (locked for this process).
 * `onFailure`: PGlite failed for good (see PgliteOptions); PostgreSQL's pool reconnects by itself.
 * Reads are bounded by `statementTimeoutMs` on both (decision 018). The writes made through it are
 * counted (write-count.ts).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'statementTimeoutMs'>>,
  onIdleError?: (error: Error) => void,
  onFailure?: (error: Error) => void,
): Promise<Database> {
  const statementTimeoutMs = config.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  return new WriteCountingDatabase(
    config.databaseUrl
      ? openPostgresDatabase(config.databaseUrl, { onIdleError, statementTimeoutMs })
      : await openPgliteDatabase(config.dataDir, { onFailure, statementTimeoutMs }),
  );
}
