import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseError } from '../src/db/database.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { createTestDatabase, databaseAvailable, dbKind, type TestDatabase } from './support/test-app.ts';

describe.skipIf(!databaseAvailable)(`database layer (${dbKind})`, () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('applies the migrations once, records them, and applies nothing the second time', async () => {
    const first = await migrate(db.database);
    expect(first).toEqual(readMigrations().map((migration) => migration.name));
    expect(first.length).toBeGreaterThan(0);
    const second = await migrate(db.database);
    expect(second).toEqual([]);
    const { rows } = await db.database.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((row) => row.name)).toEqual(first);
    const tables = await db.database.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        'categories',
        'place_changes',
        'place_history',
        'places',
        'schema_migrations',
        'users',
      ]),
    );
  });

  it('refuses to start when an applied migration file was edited', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'karta-migrations-'));
    try {
      const edited = readMigrations().map((migration, index) =>
        index === 0 ? { ...migration, checksum: 'edited' } : migration,
      );
      await expect(migrate(db.database, edited)).rejects.toThrow(/changed after it was applied/);
      // A new migration file is picked up and applied in order.
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, '999-test-extra.sql'), 'CREATE TABLE test_extra (id int);');
      const applied = await migrate(db.database, [...readMigrations(), ...readMigrations(dir)]);
      expect(applied).toEqual(['999-test-extra.sql']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rolls a failed migration back entirely', async () => {
    const broken = [
      ...readMigrations(),
      {
        version: 1000,
        name: '1000-broken.sql',
        sql: 'CREATE TABLE half_done (id int); SELECT 1/0;',
        checksum: 'x',
      },
    ];
    await expect(migrate(db.database, broken)).rejects.toBeInstanceOf(DatabaseError);
    const { rows } = await db.database.query<{ present: boolean }>(
      `SELECT to_regclass('public.half_done') IS NOT NULL AS present`,
    );
    expect(rows[0]?.present).toBe(false);
    const recorded = await db.database.query('SELECT 1 FROM schema_migrations WHERE version = 1000');
    expect(recorded.rows).toHaveLength(0);
  });

  it('returns the same JS values from both drivers', async () => {
    const { rows } = await db.database.query<Record<string, unknown>>(
      `SELECT 42::int8 AS big, 7::int4 AS small, 2.5::float8 AS float, 1.25::numeric AS exact,
              '{"hr":"Čakovec"}'::jsonb AS json, now() AS at, true AS flag, NULL::text AS nothing,
              ARRAY[1, 2]::int8[] AS ids, ARRAY['a', 'b"c']::text[] AS words`,
    );
    expect(rows[0]).toEqual({
      big: 42,
      small: 7,
      float: 2.5,
      exact: '1.25',
      json: { hr: 'Čakovec' },
      at: expect.any(Date),
      flag: true,
      nothing: null,
      ids: [1, 2],
      words: ['a', 'b"c'],
    });
  });

  it('passes parameters of every kind, including text with quotes and Croatian letters', async () => {
    const { rows } = await db.database.query<{ t: string; n: number; a: string[]; j: unknown }>(
      'SELECT $1::text AS t, $2::float8 AS n, $3::text[] AS a, $4::jsonb AS j',
      [`Trg bana Jelačića 'O"`, 45.813, ['đ', 'ž'], JSON.stringify({ en: 'x' })],
    );
    expect(rows[0]).toEqual({ t: `Trg bana Jelačića 'O"`, n: 45.813, a: ['đ', 'ž'], j: { en: 'x' } });
  });

  it('reports SQL errors with their PostgreSQL code', async () => {
    await db.database.query(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('dup', '{}', '#000000', 'x')`,
    );
    const error = await db.database
      .query(`INSERT INTO categories (slug, name, color, icon) VALUES ('dup', '{}', '#000000', 'x')`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseError);
    expect((error as DatabaseError).code).toBe('23505');
    const check = await db.database
      .query(`INSERT INTO categories (slug, name, color, icon) VALUES ('Bad Slug', '{}', '#000000', 'x')`)
      .catch((e: unknown) => e);
    expect((check as DatabaseError).code).toBe('23514');
  });

  it('commits a transaction as a whole and rolls it back as a whole', async () => {
    const count = async () =>
      (
        await db.database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM categories WHERE slug LIKE 'tx-%'`,
        )
      ).rows[0]?.n;
    await db.database.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO categories (slug, name, color, icon) VALUES ('tx-a', '{}', '#000000', 'x')`,
      );
      await tx.query(
        `INSERT INTO categories (slug, name, color, icon) VALUES ('tx-b', '{}', '#000000', 'x')`,
      );
    });
    expect(await count()).toBe(2);
    await expect(
      db.database.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO categories (slug, name, color, icon) VALUES ('tx-c', '{}', '#000000', 'x')`,
        );
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count()).toBe(2);
  });

  it('keeps concurrent queries out of another caller’s open transaction', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inside = db.database.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO categories (slug, name, color, icon) VALUES ('tx-hidden', '{}', '#000000', 'x')`,
      );
      await gate;
      throw new Error('roll back');
    });
    // Issued while the transaction is open; it must not see (or join) the uncommitted row.
    const outside = db.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM categories WHERE slug = 'tx-hidden'`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await expect(inside).rejects.toThrow('roll back');
    expect((await outside).rows[0]?.n).toBe(0);
  });

  it('keeps the event loop free while a slow query runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 20);
    const started = performance.now();
    await db.database.query('SELECT pg_sleep(1)');
    clearInterval(timer);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    // 50 ticks would fire in 1 s; a blocked thread fires at most one or two.
    expect(ticks).toBeGreaterThan(30);
  });

  it('logs every change of a place in place_changes (the seam for following changes)', async () => {
    await db.database.query(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('log-test', '{"en":"Log"}', '#123456', 'x')`,
    );
    const before = (
      await db.database.query<{ id: number }>('SELECT coalesce(max(id), 0)::int8 AS id FROM place_changes')
    ).rows[0]?.id;
    const inserted = await db.database.query<{ id: number }>(
      `INSERT INTO places (name, primary_language, category_id, lat, lng, status, published_at)
       SELECT '{"en":"A"}', 'en', id, 45.8, 16.0, 'published', now() FROM categories WHERE slug = 'log-test'
       RETURNING id`,
    );
    const id = inserted.rows[0]?.id;
    await db.database.query(`UPDATE places SET version = version + 1 WHERE id = $1`, [id]);
    await db.database.query(`DELETE FROM places WHERE id = $1`, [id]);
    const { rows } = await db.database.query<{ place_id: number }>(
      'SELECT place_id FROM place_changes WHERE id > $1 ORDER BY id',
      [before],
    );
    expect(rows.map((row) => row.place_id)).toEqual([id, id, id]);
  });
});
