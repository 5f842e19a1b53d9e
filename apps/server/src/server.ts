/**
 * Starts Karta: configuration, database (with the data-folder lock), migrations, demo data, the
 * map index, then listening; and stops it cleanly on SIGINT/SIGTERM. Everything else is in app.ts.
 */
// First: the process's time zone, before anything reads a date (see the module).
import './process-time-zone.ts';
import pino from 'pino';
import { ensureFirstAdmin } from './accounts/admin-bootstrap.ts';
import { createUserRepository } from './accounts/user-repository.ts';
import { buildApp } from './app.ts';
import { type BasemapArchive, BasemapError, openBasemap } from './basemap/basemap-archive.ts';
import { ConfigError, configWarnings, loadConfig } from './config/env.ts';
import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { releaseSpaceReserveWhenFull } from './db/space-reserve.ts';
import {
  type StorageGuard,
  startStorageGuard,
  storageToWatch,
  unwatchedStorage,
} from './db/storage-guard.ts';
import { seedDemoData } from './demo-data/seed.ts';
import { ChangeFollower } from './map-index/change-follower.ts';
import { watchOf } from './map-index/change-watch.ts';
import { MapIndexService } from './map-index/map-index-service.ts';
import { flushSentry, initSentry } from './observability/sentry.ts';
import { type AdminAtStart, startupLines } from './startup-message.ts';

/** ADMIN_EMAIL + ADMIN_PASSWORD: the first admin, when there is none yet (idempotent). */
async function bootstrapAdmin(
  database: Database,
  admin: { email: string; password: string },
  log: pino.Logger,
) {
  const result = await ensureFirstAdmin(database, admin);
  if (result.outcome === 'created')
    log.info({ userId: result.user.id }, 'first admin created from ADMIN_EMAIL');
  if (result.outcome === 'promoted') log.info({ userId: result.user.id }, 'ADMIN_EMAIL account made admin');
  if (result.outcome === 'email-taken') {
    log.warn(
      { userId: result.user.id },
      'ADMIN_EMAIL belongs to an existing account whose password is not ADMIN_PASSWORD: no admin created. ' +
        'Make it an admin with `npm run admin -- create --email …` if it is yours.',
    );
  }
}

/** Who administers the site once the first admin is settled, for the lines printed at start. */
async function adminAtStart(database: Database, adminEmail: string | undefined): Promise<AdminAtStart> {
  const users = createUserRepository(database);
  const account = adminEmail ? await users.findByEmail(adminEmail) : null;
  if (account?.role === 'admin') return { kind: 'from-env', email: account.email };
  if (await users.hasAdmin()) return { kind: 'exists' };
  return { kind: 'none', adminEmail };
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = pino({ level: config.logLevel });
  for (const warning of configWarnings(config)) log.warn(warning);
  if (initSentry(config))
    log.info({ environment: config.sentry.environment }, 'error reporting to Sentry is on');

  // The base map archive first: one that cannot be served stops the start before the data folder
  // is locked, with a line naming it rather than a stack trace.
  let basemap: BasemapArchive | null = null;
  if (config.basemap.kind === 'pmtiles') {
    try {
      basemap = await openBasemap(config.basemap.archive);
    } catch (error) {
      if (error instanceof BasemapError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
    log.info(
      { archive: basemap.name, minZoom: basemap.minZoom, maxZoom: basemap.maxZoom },
      'base map archive open',
    );
  }

  let database: Database | undefined;
  let storage: StorageGuard = unwatchedStorage;
  let mapIndex: MapIndexService | undefined;
  let follower: ChangeFollower | undefined;
  let admin: AdminAtStart;
  try {
    if (!config.databaseUrl && releaseSpaceReserveWhenFull(config.dataDir))
      log.error(
        { dataDir: config.dataDir },
        'the disk is full: its space reserve was given back so the database can open; writes are refused until space is freed',
      );
    database = await openDatabase(
      config,
      (error) => log.warn({ err: error }, 'idle database client failed'),
      // PGlite hung or died: every request now gets 503 at once; exit so the supervisor restarts us.
      (error) => {
        log.fatal({ err: error }, 'the database failed for good: exiting for a restart');
        void flushSentry().finally(() => process.exit(1));
      },
    );
    log.info(
      config.databaseUrl ? { database: 'postgresql' } : { database: 'pglite', dataDir: config.dataDir },
      'database open',
    );
    const watched = storageToWatch(config);
    if (watched) {
      const refused = watched.holds === 'photos' ? 'photo uploads are refused' : 'writes are refused';
      storage = await startStorageGuard({
        ...watched,
        minFreeMb: config.minFreeDiskMb,
        spaceReserve: watched.holds === 'database and photos',
        onChange: (ok, freeBytes) =>
          ok
            ? log.info(
                { freeMb: Math.round(freeBytes / 2 ** 20) },
                `storage space is back: ${watched.holds === 'photos' ? 'photo uploads' : 'writes'} accepted again`,
              )
            : log.error({ freeMb: Math.round(freeBytes / 2 ** 20) }, `storage space is low: ${refused}`),
      });
      if (!storage.ok) log.error({ dataDir: config.dataDir }, `storage space is low: ${refused}`);
    }
    const applied = await migrate(database);
    if (applied.length > 0) log.info({ applied }, 'migrations applied');
    if (config.admin) await bootstrapAdmin(database, config.admin, log);
    admin = await adminAtStart(database, config.admin?.email);
    if (config.demoData && !storage.ok) log.warn('storage space is low: demo data not inserted');
    if (config.demoData && storage.ok) {
      const seeded = await seedDemoData(database);
      if (seeded > 0) log.info({ places: seeded }, 'demo data inserted into the empty database');
    }
    mapIndex = new MapIndexService(database, {
      maxZoom: config.map.maxZoom,
      hours: config.hours,
      logger: log,
      readers: config.mapIndex.readers,
    });
    await mapIndex.rebuild();
    // Changes made through any instance (or straight in the database) reach this one's map.
    // On PostgreSQL the triggers' NOTIFY wakes it at once; the polling stays the source of truth.
    follower = new ChangeFollower(database, mapIndex, {
      logger: log,
      listenUrl: config.databaseUrl ?? undefined,
    });
    follower.start();
    // Reads look at the change log only when a write here, or one heard of, may have moved it.
    mapIndex.watchChanges(watchOf(database, follower.heard));
  } catch (error) {
    log.fatal({ err: error }, (error as Error).message);
    await mapIndex?.close();
    await database?.close();
    storage.stop();
    await flushSentry();
    process.exit(1);
  }

  const app = await buildApp(config, { database, mapIndex, storage, basemap });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A shutdown that hangs must not hold the data folder forever.
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await follower?.stop();
      await mapIndex?.close();
      await database?.close();
      storage.stop();
      await flushSentry();
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
    }
    process.exit(signal === 'listen-failed' ? 1 : 0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Port taken, say: release the data folder before leaving.
    app.log.fatal({ err: error }, `cannot listen on ${config.host}:${config.port}`);
    await stop('listen-failed');
    process.exit(1);
  }
  // Besides the JSON log: plain lines for the person who ran `npm start` (not at LOG_LEVEL warn
  // and above, which asks for quiet). The port is the one listened on (PORT=0 picks a free one).
  const address = app.server.address();
  if (log.isLevelEnabled('info')) {
    const lines = startupLines({
      host: config.host,
      port: typeof address === 'object' && address ? address.port : config.port,
      publicUrl: config.publicUrl,
      database: config.databaseUrl ? 'postgresql' : 'pglite',
      admin,
    });
    for (const line of lines) console.log(line);
  }
}

await main();
