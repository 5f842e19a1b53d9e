import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE_PATTERN = /^(\d{3})-[a-z0-9-]+\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

/** The migration files in order: `NNN-name.sql`, the same for PGlite and PostgreSQL. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => FILE_PATTERN.test(file))
    .sort()
    .map((file) => {
      const sql = readFileSync(`${dir}/${file}`, 'utf8');
      return {
        version: Number(FILE_PATTERN.exec(file)?.[1]),
        name: file,
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    });
}

/**
 * Applies the pending migrations in one transaction and records each in `schema_migrations`.
 * An advisory lock keeps several instances starting at once on one PostgreSQL from racing.
 * Returns the names applied now.
 */
export async function migrate(db: Database, migrations = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    // An index build on a large table may take minutes: no statement bound here (decision 018).
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('karta:migrations'))`);
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const { rows } = await tx.query<{ version: number; name: string; checksum: string }>(
      'SELECT version, name, checksum FROM schema_migrations ORDER BY version',
    );
    const applied = new Map(rows.map((row) => [row.version, row]));
    const done: string[] = [];
    for (const migration of migrations) {
      const previous = applied.get(migration.version);
      if (previous) {
        // An edited migration would leave this database different from a fresh one.
        if (previous.checksum !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} changed after it was applied (as ${previous.name}). ` +
              'Add a new migration instead; on a throw-away database, delete DATA_DIR to start over.',
          );
        }
        continue;
      }
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
      done.push(migration.name);
    }
    return done;
  });
}
