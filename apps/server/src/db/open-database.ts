import type { Config } from '../config/env.ts';
import type { Database } from './database.ts';
import { openPgliteDatabase } from './pglite/pglite-database.ts';
import { openPostgresDatabase } from './postgres-database.ts';

/**
 * PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR (locked for this process).
 * `onFailure`: PGlite failed for good (see PgliteOptions); PostgreSQL's pool reconnects by itself.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  onIdleError?: (error: Error) => void,
  onFailure?: (error: Error) => void,
): Promise<Database> {
  if (config.databaseUrl) return openPostgresDatabase(config.databaseUrl, { onIdleError });
  return openPgliteDatabase(config.dataDir, { onFailure });
}
