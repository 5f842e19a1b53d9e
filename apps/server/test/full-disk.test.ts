import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openDatabase } from '../src/db/open-database.ts';
import { type StorageGuard, startStorageGuard } from '../src/db/storage-guard.ts';
import { importBytes } from '../src/import/import-space.ts';
import { MapIndexService } from '../src/map-index/map-index-service.ts';
import { signedInUser } from './support/auth.ts';
import { importInto } from './support/import-files.ts';
import { insertPharmacyCategory } from './support/places.ts';
import { dbKind, type TestApp } from './support/test-app.ts';

const mount = (point: string) =>
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', point], { stdio: 'ignore' });

/**
 * A mount point for a small disk of its own (a tmpfs), where the machine lets us mount one (root
 * with mount rights); tried once here, mounted for the tests in beforeAll.
 */
const disk = (() => {
  if (dbKind !== 'pglite') return null;
  const mountPoint = mkdtempSync(join(tmpdir(), 'karta-small-disk-'));
  try {
    mount(mountPoint);
    execFileSync('umount', [mountPoint]);
    return mountPoint;
  } catch {
    rmSync(mountPoint, { recursive: true, force: true });
    console.warn('cannot mount a tmpfs here: the real full-disk test is skipped');
    return null;
  }
})();

/** Rows as the fault campaign imported them: a name, a description and an address each. */
const csvOf = (rows: number, prefix = 'd') =>
  `externalId,category,name_hr,name_en,description_hr,lat,lng,address\r\n${Array.from(
    { length: rows },
    (_, i) =>
      `${prefix}-${i},pharmacy,Ljekarna broj ${i},Pharmacy number ${i},"Opis mjesta ${i}, s nešto teksta o radnom vremenu",` +
      `${45.7 + (i % 1000) / 10000},${15.9 + Math.floor(i / 1000) / 1000},Ulica ${i} 12 Zagreb`,
  ).join('\r\n')}\r\n`;

describe.skipIf(disk === null)('imports on a small disk (pglite, a real 96 MB tmpfs)', () => {
  let database: Database;
  let storage: StorageGuard;
  let mapIndex: MapIndexService;
  let app: FastifyInstance;

  let mounted = false;

  beforeAll(async () => {
    mount(disk as string);
    mounted = true;
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: join(disk as string, 'data'),
      MIN_FREE_DISK_MB: '10',
    });
    database = await openDatabase(config);
    await migrate(database);
    await insertPharmacyCategory(database);
    storage = await startStorageGuard({ path: config.dataDir, minFreeMb: config.minFreeDiskMb });
    mapIndex = new MapIndexService(database, { maxZoom: config.map.maxZoom });
    await mapIndex.rebuild();
    app = await buildApp(config, {
      database,
      mapIndex,
      storage,
      logger: false,
      webDistDir: join(config.dataDir, 'no-web-build'),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await mapIndex?.close();
    await database?.close();
    storage?.stop();
    if (mounted) execFileSync('umount', [disk as string]);
    rmSync(disk as string, { recursive: true, force: true });
  });

  it('refuses an import that would fill the disk before it starts, and keeps serving', async () => {
    const t = { app } as TestApp;
    const moderator = await signedInUser(app, 'moderator');
    const stats = statfsSync(join(disk as string, 'data'));
    const roomMb = (Number(stats.bavail) * Number(stats.bsize)) / 2 ** 20 - 10;
    // The finding's import: rows that take about twice the room (6.1 kB each, measured) with their WAL.
    const rows = Math.ceil((roomMb * 2 ** 20) / 3000);
    const big = await importInto(t, moderator, 'csv', csvOf(rows), { dryRun: false });
    expect(big.statusCode).toBe(507);
    expect(big.json().error.code).toBe('insufficient_storage');

    // A small import still fits, and the database answers as before.
    const small = await importInto(t, moderator, 'csv', csvOf(200), { dryRun: false });
    expect(small.json()).toMatchObject({ created: 200, refused: [] });
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    expect(storage.ok).toBe(true);
  });

  it('stops an import its estimate admits by what it really writes, before the reserve', async () => {
    const t = { app } as TestApp;
    const moderator = await signedInUser(app, 'moderator');
    const dataDir = join(disk as string, 'data');
    const freeMb = () => {
      const stats = statfsSync(dataDir);
      return (Number(stats.bavail) * Number(stats.bsize)) / 2 ** 20;
    };
    // Rows the estimate admits (9/10 of the room above the reserve) but whose write-ahead log alone,
    // never checkpointed, outgrew the room before: 5 000 such rows took 63 MB.
    const rows = Math.floor((0.9 * (freeMb() - 10) * 2 ** 20) / (importBytes(1, 0) + 8 * 150));
    const file = csvOf(rows, 'big');
    expect(importBytes(rows, Buffer.byteLength(file))).toBeLessThan((freeMb() - 10) * 2 ** 20);
    expect(rows).toBeGreaterThan(4000);

    const big = await importInto(t, moderator, 'csv', file, { dryRun: false });
    expect(big.statusCode).toBe(507);
    expect(big.json().error.message).toContain('nothing was imported');
    const { rows: imported } = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM places WHERE external_id LIKE 'big-%'`,
    );
    expect(imported[0]?.n).toBe(0);
    expect(freeMb()).toBeGreaterThan(10);

    // The database still answers and writes, and a smaller import fits and keeps the reserve.
    expect((await app.inject({ method: 'GET', url: '/api/v1/places?limit=1' })).statusCode).toBe(200);
    const small = await importInto(t, moderator, 'csv', csvOf(1000, 'small'), { dryRun: false });
    expect(small.json()).toMatchObject({ created: 1000, refused: [] });
    expect(freeMb()).toBeGreaterThan(10);
    expect(await storage.check()).toBe(true);
  });
});
