import { PlaceList } from '@karta/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openDatabase } from '../src/db/open-database.ts';
import { onlyReads, uncountedWrites } from '../src/db/write-count.ts';
import { ChangeFollower } from '../src/map-index/change-follower.ts';
import { type ChangeWatch, watchOf } from '../src/map-index/change-watch.ts';
import { WATCH_TRUSTED_MS } from '../src/map-index/map-index-service.ts';
import { nextAddress } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/** Near me around the fixtures (insertPlace puts them just north-east of 45.81, 15.97). */
const NEAR = 'near=45.81,15.97&radius=5000&limit=100';

describe('onlyReads', () => {
  it('takes plain SELECTs and WITH … SELECT as reads, and anything else as a write', () => {
    for (const read of [
      'SELECT 1',
      '  select id, updated_at FROM places WHERE id = ANY($1)',
      'WITH near AS (SELECT id FROM places) SELECT count(*) FROM near',
      'SELECT pg_current_snapshot()::text AS snapshot',
    ]) {
      expect(onlyReads(read), read).toBe(true);
    }
    for (const write of [
      `UPDATE places SET name = '{}' WHERE id = 1`,
      'INSERT INTO place_notes (place_id) VALUES (1)',
      'delete from places',
      'WITH gone AS (DELETE FROM places RETURNING id) SELECT count(*) FROM gone',
      'SELECT id FROM places FOR UPDATE',
      `SELECT nextval('places_id_seq')`,
      'TRUNCATE place_changes',
      'BEGIN',
      'SET statement_timeout = 0',
      'VACUUM places',
    ]) {
      expect(onlyReads(write), write).toBe(false);
    }
  });
});

describe.skipIf(!databaseAvailable)(
  `reads that skip the change log while nothing changed (${dbKind})`,
  () => {
    let t: TestApp;
    let follower: ChangeFollower | undefined;
    let categoryId: number;

    const list = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/places?${NEAR}`,
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode, response.body).toBe(200);
      return PlaceList.parse(response.json()).items;
    };
    /** The statements the database was asked while `read` ran, as `read`'s value and them. */
    const statementsOf = async <T>(read: () => Promise<T>) => {
      const query = vi.spyOn(t.database, 'query');
      const value = await read();
      const asked = query.mock.calls.map(([sql]) => sql);
      query.mockRestore();
      return { value, asked };
    };
    /** Lets a notification of the last write arrive and be read (PostgreSQL). */
    const quiet = () => new Promise((done) => setTimeout(done, dbKind === 'postgres' ? 200 : 0));
    const askedTheLog = (asked: string[]) => asked.some((sql) => sql.includes('place_changes'));
    const newPlace = (name: string) =>
      insertPlace(t.database, { status: 'published', authorId: null, categoryId, name });

    beforeAll(async () => {
      t = await startTestApp({ demo: false });
      if (dbKind === 'postgres') {
        // As the server watches on PostgreSQL: its own writes, and what the listener hears. Its
        // polls are left out (a minute apart), so each look at the log here is a read's own.
        follower = new ChangeFollower(t.database, t.mapIndex, {
          listenUrl: t.config.databaseUrl ?? '',
          intervalMs: 60_000,
        });
        follower.start();
        await vi.waitFor(() => expect(follower?.heard?.listening).toBe(true), { timeout: 5000 });
        t.mapIndex.watchChanges(watchOf(t.database, follower.heard));
      }
      const { rows } = await t.database.query<{ id: number }>(
        `INSERT INTO categories (slug, name, color, icon) VALUES ('water', '{"en": "Water"}', '#0369a1', 'drop') RETURNING id`,
      );
      categoryId = rows[0]?.id ?? 0;
    });
    afterEach(() => {
      vi.restoreAllMocks();
      vi.useRealTimers();
    });
    afterAll(async () => {
      await follower?.stop();
      await t?.close();
    });

    it('counts the writes made through the database as they end, failed ones too, and not its reads', async () => {
      const before = t.database.writesEnded ?? Number.NaN;
      await t.database.query('SELECT count(*) FROM places');
      expect(t.database.writesEnded).toBe(before);
      await t.database.query(`UPDATE places SET version = version WHERE false`);
      await t.database.transaction(async (tx) => {
        await tx.query('SELECT 1');
      });
      await t.database.query('INSERT INTO places (id) VALUES (NULL)').catch(() => undefined);
      expect(t.database.writesEnded).toBe(before + 3);
      // The read limits' windows are written without the count (app.ts).
      await uncountedWrites(t.database).query(`DELETE FROM rate_limit_windows WHERE key = 'none'`);
      expect(t.database.writesEnded).toBe(before + 3);
    });

    it('answers a visitor’s list read again without asking the database anything', async () => {
      const place = await newPlace('Fontana kod knjižnice');
      expect((await list()).map((item) => item.id)).toContain(place);
      // On PostgreSQL the insert is also heard of, a moment later: that look at the log is not this one.
      await quiet();
      await list();
      const { value, asked } = await statementsOf(list);
      expect(value.map((item) => item.id)).toContain(place);
      expect(asked).toEqual([]);
    });

    it('looks at the change log after a write through this process, and shows it in the next list', async () => {
      const place = await newPlace('Fontana pred kinom');
      expect((await list()).find((item) => item.id === place)?.name).toEqual({ en: 'Fontana pred kinom' });
      await t.database.query(`UPDATE places SET name = '{"en": "Fontana pred muzejom"}' WHERE id = $1`, [
        place,
      ]);
      const { value, asked } = await statementsOf(list);
      expect(askedTheLog(asked)).toBe(true);
      expect(value.find((item) => item.id === place)?.name).toEqual({ en: 'Fontana pred muzejom' });
    });

    it('looks at the change log again once the last look is older than it trusts a quiet watch', async () => {
      await quiet();
      await list();
      expect(askedTheLog((await statementsOf(list)).asked)).toBe(false);
      await new Promise((done) => setTimeout(done, WATCH_TRUSTED_MS + 50));
      expect(askedTheLog((await statementsOf(list)).asked)).toBe(true);
    });

    it.runIf(dbKind === 'postgres')(
      'shows a change written by another instance once the listener hears of it',
      async () => {
        const place = await newPlace('Fontana na kolodvoru');
        expect((await list()).find((item) => item.id === place)?.name).toEqual({
          en: 'Fontana na kolodvoru',
        });
        // Another instance: a pool of its own, whose writes this one cannot count.
        const other: Database = await openDatabase(t.config);
        try {
          const heard = follower?.heard?.heard ?? 0;
          await other.query(`UPDATE places SET name = '{"en": "Fontana kod pošte"}' WHERE id = $1`, [place]);
          await vi.waitFor(() => expect(follower?.heard?.heard).toBeGreaterThan(heard), { timeout: 2000 });
          expect((await list()).find((item) => item.id === place)?.name).toEqual({ en: 'Fontana kod pošte' });
        } finally {
          await other.close();
        }
      },
    );
  },
);

describe('watchOf', () => {
  const database = (kind: Database['kind'], writesEnded: number | undefined) =>
    ({ kind, writesEnded }) as Pick<Database, 'kind' | 'writesEnded'> as Database;
  const mark = (watch: ChangeWatch) => watch.mark();

  it('on PGlite, marks the writes this process made, the only ones there are', () => {
    const pglite = database('pglite', 4);
    expect(mark(watchOf(pglite))).toBe(4);
    expect(mark(watchOf(pglite, { heard: 9, listening: false }))).toBe(4);
  });

  it('on PostgreSQL, marks writes and changes heard while listening, and knows nothing without', () => {
    const postgres = database('postgres', 4);
    const listener = { heard: 2, listening: true };
    const watch = watchOf(postgres, listener);
    const first = mark(watch);
    listener.heard += 1;
    expect(mark(watch)).not.toBe(first);
    listener.listening = false;
    expect(mark(watch)).toBeUndefined();
    expect(mark(watchOf(postgres))).toBeUndefined();
  });

  it('knows nothing of a database that does not count its writes', () => {
    expect(mark(watchOf(database('pglite', undefined)))).toBeUndefined();
  });
});
