import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { type Database, DatabaseUnavailableError } from '../src/db/database.ts';
import { openPgliteDatabase } from '../src/db/pglite/pglite-database.ts';
import { MapIndexService } from '../src/map-index/map-index-service.ts';
import { dbKind } from './support/test-app.ts';

/**
 * A hung PGlite, for real: `pg_sleep` holds its worker as the disk-full hang did (no answer to
 * any query). A full disk itself cannot be made here without mount rights, so the hang stands in.
 */
describe.skipIf(dbKind !== 'pglite')('a PGlite that stops answering', () => {
  const dir = mkdtempSync(join(tmpdir(), 'karta-watchdog-'));
  const failures: Error[] = [];
  let database: Database;

  beforeAll(async () => {
    database = await openPgliteDatabase(dir, { stallMs: 1000, onFailure: (error) => failures.push(error) });
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers queries that finish in time, however many', async () => {
    await database.query('SELECT pg_sleep(0.3)');
    for (let i = 0; i < 20; i += 1) await database.query('SELECT 1');
    expect(failures).toEqual([]);
  });

  it('is detected, reported once, and refuses every later query at once instead of hanging', async () => {
    const started = Date.now();
    const hung = database.query('SELECT pg_sleep(30)');
    const queued = database.query('SELECT 1');
    await expect(hung).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(queued).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(failures).toHaveLength(1);
    expect(failures[0]?.message).toContain('did not answer a query within 1 s');

    const later = Date.now();
    await expect(database.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(await database.ping(2000)).toBe(false);
    expect(Date.now() - later).toBeLessThan(100);
  });

  it('leaves health answering 503 at once', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir }, dir);
    const mapIndex = new MapIndexService(database, { maxZoom: config.map.maxZoom });
    const app = await buildApp(config, { database, mapIndex, logger: false, webDistDir: join(dir, 'none') });
    try {
      const started = Date.now();
      const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(500);
      expect((await app.inject({ method: 'GET', url: '/api/v1/categories' })).statusCode).toBe(503);
    } finally {
      await app.close();
      await mapIndex.close();
    }
  });
});
