import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/demo-data/seed.ts';
import { listInOrder } from '../src/places/list-in-order.ts';
import { createTestDatabase, databaseAvailable, dbKind, type TestDatabase } from './support/test-app.ts';

type Query = Parameters<typeof listInOrder>[2];

const CENTRE = { lat: 45.81, lng: 15.98 };
const published = { statuses: ['published'] as const, order: 'oldest' as const };

describe.skipIf(!databaseAvailable)(`an export's one ordered pass, range of ids by range (${dbKind})`, () => {
  let t: TestDatabase;
  let statements = 0;
  /** The database, counting statements, so a test knows how many ranges were read. */
  let counted: Queryable;

  /** Every id of the pass, in order, read in ranges of `idSpan` places and pages of 100. */
  const pass = async (query: Query, idSpan: number) => {
    const ids: number[] = [];
    const distances: number[] = [];
    for await (const page of listInOrder(counted, t.config, query, null, 100, undefined, idSpan)) {
      expect(page.length).toBeLessThanOrEqual(100);
      ids.push(...page.map((place) => place.id));
      distances.push(...page.map((place) => place.distance ?? Number.NaN));
    }
    return Object.assign(ids, { distances });
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    await migrate(t.database);
    await seedDemoData(t.database);
    counted = {
      query: (sql, params) => {
        statements += 1;
        return t.database.query(sql, params);
      },
    } as Queryable;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('gives the same places in the same order whatever the range, for every kind of filter', async () => {
    const { rows } = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM places');
    const places = rows[0]?.n ?? 0;
    expect(places).toBeGreaterThan(2000);
    const queries: Query[] = [
      { ...published },
      { ...published, near: CENTRE, radius: 5000 },
      { ...published, near: CENTRE, radius: 50_000, categories: ['pharmacy', 'library'] },
      { ...published, covers: CENTRE },
      { ...published, q: 'ljekarna' },
      { ...published, bbox: { west: 15.9, south: 45.78, east: 16.0, north: 45.83 } },
    ];
    for (const query of queries) {
      const label = JSON.stringify(query);
      statements = 0;
      const whole = await pass(query, 1_000_000);
      const wholeStatements = statements;
      statements = 0;
      const ranged = await pass(query, 97);
      expect(whole.length, label).toBeGreaterThan(0);
      expect([...ranged], label).toEqual([...whole]);
      // One range: its end (none) and its matches; in ranges of 97, two statements a range.
      expect(wholeStatements - Math.ceil(whole.length / 100), label).toBe(2);
      expect(statements - Math.ceil(whole.length / 100), label).toBe(2 * Math.ceil(places / 97));
      if (query.near || query.covers) {
        // Nearest first (the list rounds distances to a tenth of a metre).
        const { distances } = whole;
        for (let i = 1; i < distances.length; i += 1) {
          expect(distances[i], label).toBeGreaterThanOrEqual(distances[i - 1] ?? Number.NaN);
        }
      } else {
        expect([...whole], label).toEqual([...whole].sort((a, b) => a - b));
      }
    }
  });

  it('leaves out a place that stopped matching after the ids were read, and never repeats one', async () => {
    const query: Query = { ...published, near: CENTRE, radius: 3000 };
    const before = [...(await pass(query, 1_000_000))];
    const gone = before[150] as number;
    const pages = listInOrder(t.database, t.config, query, null, 100, undefined, 97);
    const first = await pages.next();
    // The first page is read; the place on the second page is then archived by a moderator.
    await t.database.query(`UPDATE places SET status = 'archived' WHERE id = $1`, [gone]);
    try {
      const ids = (first.value ?? []).map((place: { id: number }) => place.id);
      for await (const page of pages) ids.push(...page.map((place) => place.id));
      expect(ids).toEqual(before.filter((id) => id !== gone));
    } finally {
      await t.database.query(`UPDATE places SET status = 'published' WHERE id = $1`, [gone]);
    }
  });
});
