import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config/env.ts';
import type { Database } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/db/open-database.ts';
import { type StorageGuard, startStorageGuard } from '../../src/db/storage-guard.ts';
import { seedDemoData } from '../../src/demo-data/seed.ts';
import { watchOf } from '../../src/map-index/change-watch.ts';
import { MapIndexService } from '../../src/map-index/map-index-service.ts';

/** Which database this run uses: the `server-pglite` and `server-postgres` projects set it. */
export const dbKind: 'pglite' | 'postgres' = process.env.KARTA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

const postgresAdminUrl = dbKind === 'postgres' ? (inject('postgresUrl') ?? '') : '';

/** False when the PostgreSQL suite has no server (the global set-up already warned loudly). */
export const databaseAvailable = dbKind === 'pglite' || postgresAdminUrl !== '';

export interface TestDatabase {
  config: Config;
  database: Database;
  /** Closes the database and removes it (temp folder or database). */
  dispose(): Promise<void>;
}

let counter = 0;

/**
 * A fresh, empty database for one test file: a temp DATA_DIR for PGlite, a new database on the
 * test server for PostgreSQL. `env` adds environment variables to the config. `migrated`: on
 * PGlite, a copy of the run's migrated database (support/pglite-global-setup.ts) instead of an
 * empty one; the caller still runs `migrate`, which then finds nothing to do.
 */
export async function createTestDatabase(
  env: Record<string, string> = {},
  { migrated = false } = {},
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'karta-test-'));
  if (migrated && dbKind === 'pglite') {
    cpSync(inject('pgliteTemplate'), join(dataDir, 'pglite'), { recursive: true });
  }
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (dbKind === 'postgres') {
    const name = `karta_test_${process.pid}_${Date.now().toString(36)}_${counter++}`;
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: postgresAdminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const config = loadConfig(
    {
      LOG_LEVEL: 'silent',
      // Tests send bursts of reads from one address; the read limits' own test asks for the real ones.
      READ_RATE_LIMIT_SCALE: '100',
      // Every read of the map index through a reader thread, as on a machine of three cores or more.
      MAP_INDEX_READERS: '1',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    dataDir,
  );
  const database = await openDatabase(config);
  let disposed = false;
  return {
    config,
    database,
    async dispose() {
      if (disposed) return;
      disposed = true;
      await database.close().catch(() => undefined);
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  mapIndex: MapIndexService;
  storage: StorageGuard;
  close(): Promise<void>;
}

/**
 * The whole server on a fresh database, migrated, with demo data (unless `demo: false`) and a
 * built map index, not listening: requests go through `app.inject`. `configure` may add routes
 * (a throwing one, say) before the app is ready.
 */
export async function startTestApp(
  options: {
    env?: Record<string, string>;
    demo?: boolean;
    configure?: (app: FastifyInstance) => void;
  } & Pick<AppOptions, 'webDistDir' | 'reportError' | 'onRoute' | 'jobs' | 'webhooks'> = {},
): Promise<TestApp> {
  const db = await createTestDatabase(options.env, { migrated: true });
  try {
    await migrate(db.database);
    if (options.demo !== false) await seedDemoData(db.database);
    const mapIndex = new MapIndexService(db.database, {
      maxZoom: db.config.map.maxZoom,
      hours: db.config.hours,
      readers: db.config.mapIndex.readers,
    });
    await mapIndex.rebuild();
    // As the server watches (server.ts): on PGlite every write is this process's own; on
    // PostgreSQL, without the listener the server has, every read looks at the change log.
    mapIndex.watchChanges(watchOf(db.database));
    const storage = await startStorageGuard({ path: db.config.dataDir, minFreeMb: db.config.minFreeDiskMb });
    const app = await buildApp(db.config, {
      database: db.database,
      mapIndex,
      storage,
      logger: false,
      webDistDir: options.webDistDir ?? join(db.config.dataDir, 'no-web-build'),
      reportError: options.reportError,
      onRoute: options.onRoute,
      jobs: options.jobs,
      webhooks: options.webhooks,
      // Tests write digests when they choose (writeDue…Digests); a scheduled run would race them.
      periodicJobs: false,
    });
    options.configure?.(app);
    await app.ready();
    return {
      ...db,
      app,
      mapIndex,
      storage,
      async close() {
        await app.close();
        await mapIndex.close();
        storage.stop();
        await db.dispose();
      },
    };
  } catch (error) {
    await db.dispose();
    throw error;
  }
}

/** Another instance of the server, on a test app's database. */
export interface ServerInstance {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Starts another instance of the server on `t`'s database (beside it, or as after a restart),
 * ready: on PostgreSQL with its own connection pool, as a second process would be; PGlite's folder
 * belongs to one process, so there it shares the handle. `options` may give it another
 * configuration, storage guard or mail sender settings.
 */
export async function startInstance(
  t: TestApp,
  options: { config?: Config; storage?: StorageGuard } & Pick<AppOptions, 'jobs'> = {},
): Promise<ServerInstance> {
  const config = options.config ?? t.config;
  const database: Database = dbKind === 'postgres' ? await openDatabase(config) : t.database;
  try {
    const app = await buildApp(config, {
      database,
      mapIndex: t.mapIndex,
      storage: options.storage ?? t.storage,
      logger: false,
      webDistDir: join(config.dataDir, 'no-web-build'),
      jobs: options.jobs,
      periodicJobs: false,
    });
    await app.ready();
    return {
      app,
      async close() {
        await app.close();
        if (database !== t.database) await database.close();
      },
    };
  } catch (error) {
    if (database !== t.database) await database.close();
    throw error;
  }
}
