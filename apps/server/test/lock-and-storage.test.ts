import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorBody, Health } from '@karta/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME } from '../src/db/data-dir-lock.ts';
import { openPgliteDatabase } from '../src/db/pglite/pglite-database.ts';
import { type StorageGuard, startStorageGuard, storageToWatch } from '../src/db/storage-guard.ts';
import { nextAddress, signedInUser } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import {
  databaseAvailable,
  dbKind,
  type ServerInstance,
  startInstance,
  startTestApp,
  type TestApp,
} from './support/test-app.ts';

describe('the PGlite data folder lock', () => {
  it('refuses a second open of the same folder with a clear message, and allows it after close', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'karta-lock-db-'));
    try {
      const first = await openPgliteDatabase(dir);
      const error = await openPgliteDatabase(dir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as Error).message).toContain(dir);
      expect((error as Error).message).toContain(`PID ${process.pid}`);
      // The first one is untouched by the refused attempt.
      expect((await first.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      await first.close();
      const second = await openPgliteDatabase(dir);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('opens after a kill -9 whose stale lock names a PID now reused by our own parent (npm)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'karta-lock-db-'));
    try {
      // As a container restart leaves it: the dead server's PID is now our parent's, started later.
      writeFileSync(join(dir, LOCK_FILE_NAME), `${process.ppid}\n00000000-dead-boot-0000-000000000000:1\n`);
      const database = await openPgliteDatabase(dir);
      expect((await database.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      await database.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!databaseAvailable)(`storage guard (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // More free space than any disk has: the guard must report "low" at once.
    t = await startTestApp({
      demo: false,
      env: { MIN_FREE_DISK_MB: '9999999' },
      configure(app) {
        app.post('/api/v1/test/write', async () => {
          await app.database.query(
            `INSERT INTO categories (slug, name, color, icon) VALUES ('should-not-exist', '{}', '#000000', 'x')`,
          );
          return { written: true };
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses writes with 507 insufficient_storage and changes nothing', async () => {
    expect(t.storage.ok).toBe(false);
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/test/write', payload: {} });
    expect(response.statusCode).toBe(507);
    expect(ErrorBody.parse(response.json()).error.code).toBe('insufficient_storage');
    const { rows } = await t.database.query(`SELECT 1 FROM categories WHERE slug = 'should-not-exist'`);
    expect(rows).toHaveLength(0);
  });

  it('still answers reads, and health says storage is low', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    expect(Health.parse(health.json()).storage).toBe('low');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/categories' })).statusCode).toBe(200);
  });
});

describe('what storage is watched, and for what', () => {
  const config = (databaseUrl: string | null, kind: 'fs' | 's3') => ({
    databaseUrl,
    dataDir: '/srv/karta',
    photoStorage: { kind },
  });

  it('watches the data folder for every write with PGlite, for photo uploads with PostgreSQL and local photos, not at all with object storage', () => {
    expect(storageToWatch(config(null, 'fs'))).toEqual({ path: '/srv/karta', holds: 'database and photos' });
    expect(storageToWatch(config('postgres://db/karta', 'fs'))).toEqual({
      path: '/srv/karta',
      holds: 'photos',
    });
    expect(storageToWatch(config('postgres://db/karta', 's3'))).toBeNull();
  });
});

describe.skipIf(!databaseAvailable)(`a full disk that holds only the photos (${dbKind})`, () => {
  let t: TestApp;
  let photosOnly: FastifyInstance;
  let instance: ServerInstance;
  let storage: StorageGuard;
  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    // The database is elsewhere (PostgreSQL's server): only the photos' disk is full.
    storage = await startStorageGuard({ path: t.config.dataDir, minFreeMb: 9_999_999, holds: 'photos' });
    instance = await startInstance(t, { storage });
    photosOnly = instance.app;
  });
  afterAll(async () => {
    await instance?.close();
    storage?.stop();
    await t?.close();
  });

  it('refuses photo uploads with 507 before reading them, takes every other write, and says so in health', async () => {
    const user = await signedInUser(photosOnly, 'moderator');
    // A write of the database alone goes through (registering, above, was one too).
    const category = await photosOnly.inject({
      method: 'POST',
      url: '/api/v1/categories',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: { slug: 'photos-disk-full', name: { en: 'Disk full' }, color: '#15803d', icon: 'map-pin' },
      remoteAddress: nextAddress(),
    });
    expect(category.statusCode, category.body).toBe(201);
    const place = await insertPlace(t.database, { status: 'published', authorId: null });
    const upload = await photosOnly.inject({
      method: 'POST',
      url: `/api/v1/places/${place}/photos`,
      headers: { ...user.headers, 'content-type': 'image/jpeg' },
      payload: Buffer.alloc(1024, 1),
      remoteAddress: nextAddress(),
    });
    expect(upload.statusCode, upload.body).toBe(507);
    expect(ErrorBody.parse(upload.json()).error.code).toBe('insufficient_storage');
    const { rows } = await t.database.query('SELECT 1 FROM photos WHERE place_id = $1', [place]);
    expect(rows).toEqual([]);
    const health = await photosOnly.inject({ method: 'GET', url: '/api/v1/health' });
    expect(Health.parse(health.json()).storage).toBe('low');
  });
});
