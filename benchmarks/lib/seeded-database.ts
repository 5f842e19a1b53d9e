import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { openDatabase } from '../../apps/server/src/db/open-database.ts';
import { ensureDemoCategories, insertDemoPlaces } from '../../apps/server/src/demo-data/seed.ts';
import { benchPostgres, databaseUrl } from './bench-postgres.ts';
import { type DataShape, generatePlaces, worldCities } from './world-places.ts';

export type DbKind = 'pglite' | 'postgres';
export const DB_KINDS: readonly DbKind[] = ['pglite', 'postgres'];

/** Which database a bench runs on and where its places lie. */
export interface BenchTarget {
  db: DbKind;
  shape: DataShape;
}

export const targetLabel = (target: BenchTarget) => `${target.db}, ${target.shape}`;

/** A database of `places` published places, as the server is pointed at it. */
export interface SeededDatabase {
  target: BenchTarget;
  places: number;
  /** How fast the seed's multi-row inserts loaded it. */
  rowsPerSecond: number;
  /** PGlite's folder (DATA_DIR), or PostgreSQL's URL (DATABASE_URL). */
  dataDir?: string;
  databaseUrl?: string;
}

const shared = new Map<string, Promise<SeededDatabase>>();
const made = new Set<SeededDatabase>();
/** PGlite folders made here, removed when the process exits whatever happened (PostgreSQL's go with the cluster). */
const folders = new Set<string>();
process.once('exit', () => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
let copies = 0;

/**
 * A database of `count` published places of the target's shape that benchmarks which only read
 * share (seeding a million places takes minutes); removed by {@link removeSeededDatabases}.
 */
export function sharedSeededDatabase(target: BenchTarget, count: number): Promise<SeededDatabase> {
  const key = `${target.db}:${target.shape}:${count}`;
  let database = shared.get(key);
  if (!database) {
    database = seed(target, count);
    shared.set(key, database);
  }
  return database;
}

/**
 * A copy of the shared database, for a bench that writes (its changes must not reach the
 * benchmarks after it). PGlite's folder is copied; PostgreSQL copies the database as a template,
 * so no server may be connected to the shared one meanwhile (the benchmarks run one at a time).
 */
export async function copyOfSeededDatabase(target: BenchTarget, count: number): Promise<SeededDatabase> {
  const source = await sharedSeededDatabase(target, count);
  copies += 1;
  let copy: SeededDatabase;
  if (source.dataDir) {
    const dataDir = mkdtempSync(join(tmpdir(), `karta-bench-copy-${count}-`));
    // The lock file names the process that held the folder; the copy has no owner yet.
    folders.add(dataDir);
    cpSync(source.dataDir, dataDir, { recursive: true, filter: (path) => !path.endsWith('karta.lock') });
    copy = { ...source, dataDir };
  } else {
    const cluster = await benchPostgres();
    const name = `${databaseName(target, count)}_copy${copies}`;
    await withAdmin(cluster.url, (admin) =>
      admin.exec(`CREATE DATABASE ${name} TEMPLATE ${databaseName(target, count)}`),
    );
    copy = { ...source, databaseUrl: databaseUrl(cluster, name) };
  }
  made.add(copy);
  return copy;
}

/** Removes one database made here (a copy when its bench is done). */
export async function removeSeededDatabase(database: SeededDatabase): Promise<void> {
  made.delete(database);
  if (database.dataDir) {
    rmSync(database.dataDir, { recursive: true, force: true });
    folders.delete(database.dataDir);
  }
  if (database.databaseUrl) {
    const cluster = await benchPostgres();
    const name = new URL(database.databaseUrl).pathname.slice(1);
    await withAdmin(cluster.url, (admin) => admin.exec(`DROP DATABASE IF EXISTS ${name}`));
  }
}

/** Removes every database made here (the PostgreSQL cluster itself is stopped by its owner). */
export async function removeSeededDatabases(): Promise<void> {
  const settled = await Promise.allSettled(shared.values());
  shared.clear();
  for (const result of settled) if (result.status === 'fulfilled') made.add(result.value);
  for (const database of [...made]) await removeSeededDatabase(database);
}

function databaseName(target: BenchTarget, count: number): string {
  return `karta_${target.shape}_${count}`;
}

async function withAdmin<T>(
  url: string,
  work: (admin: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
): Promise<T> {
  // CREATE DATABASE … TEMPLATE copies every file of a million places: longer than a read's bound.
  const admin = await openDatabase({ databaseUrl: url, dataDir: '', statementTimeoutMs: 0 });
  try {
    return await work(admin);
  } finally {
    await admin.close();
  }
}

/** Migrates a new database with the server's own migrations and loads it with the demo seed's inserts. */
async function seed(target: BenchTarget, count: number): Promise<SeededDatabase> {
  let location: Pick<SeededDatabase, 'dataDir' | 'databaseUrl'>;
  if (target.db === 'pglite') {
    location = { dataDir: mkdtempSync(join(tmpdir(), `karta-bench-${target.shape}-${count}-`)) };
    folders.add(location.dataDir as string);
  } else {
    const cluster = await benchPostgres();
    const name = databaseName(target, count);
    await withAdmin(cluster.url, (admin) => admin.exec(`CREATE DATABASE ${name}`));
    location = { databaseUrl: databaseUrl(cluster, name) };
  }
  // Seeding is set-up, not a request: a multi-row insert into a million-row table may take longer
  // than a read's bound (a GIN index flushing its pending list), so it runs unbounded.
  const db = await openDatabase({
    databaseUrl: location.databaseUrl ?? null,
    dataDir: location.dataDir ?? '',
    statementTimeoutMs: 0,
  });
  try {
    await migrate(db);
    await ensureDemoCategories(db);
    if (target.shape === 'world') worldCities(); // read the city list before the clock starts
    const started = performance.now();
    await insertDemoPlaces(db, generatePlaces(target.shape, count));
    const rowsPerSecond = count / ((performance.now() - started) / 1000);
    return { target, places: count, rowsPerSecond, ...location };
  } finally {
    await db.close();
  }
}
