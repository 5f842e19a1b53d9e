import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { firstMatches, walkOn } from '../src/places/first-matches.ts';
import { insertPlace } from './support/places.ts';
import { createTestDatabase, databaseAvailable, dbKind, type TestDatabase } from './support/test-app.ts';

const ORIGIN = { lat: 45.8, lng: 16.0 };
/** How far walks go before the matches are read instead: small, so every way runs on a few hundred places. */
const WALKS = { first: 20, most: 100 };

interface Fixture {
  id: number;
  lat: number;
  lng: number;
  name: string;
  published: boolean;
}

/** A repeatable pseudo-random sequence (no ties of distance by accident). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe.skipIf(!databaseAvailable)(`the first matches of a search, walked or read (${dbKind})`, () => {
  let t: TestDatabase;
  const places: Fixture[] = [];
  let statements = 0;
  /** The database, counting statements: one is the walk, two are the walk and the read of the matches. */
  let counted: Queryable;

  beforeAll(async () => {
    t = await createTestDatabase();
    await migrate(t.database);
    await t.database.query(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('place', '{"en": "Place"}', '#6d28d9', 'store')`,
    );
    const next = random(7);
    for (let i = 0; i < 300; i += 1) {
      // Every name holds "ulica"; "zabok" only in a town 30–40 km north-east of the origin.
      const far = i % 10 === 0;
      const lat = far ? 46.0 + next() * 0.1 : ORIGIN.lat + (next() - 0.5) * 0.3;
      const lng = far ? 16.2 + next() * 0.1 : ORIGIN.lng + (next() - 0.5) * 0.3;
      const name = far ? `Zabok ulica ${i}` : `Ulica ${i}`;
      const published = i % 7 !== 3;
      const id = await insertPlace(t.database, {
        status: published ? 'published' : 'pending',
        authorId: null,
        lat,
        lng,
        name,
      });
      places.push({ id, lat, lng, name, published });
    }
    counted = {
      query: (sql, params) => {
        statements += 1;
        return t.database.query(sql, params);
      },
      exec: (sql) => t.database.exec(sql),
    };
  }, 120_000);

  afterAll(() => t?.dispose());

  /** Published places by planar distance or by id. */
  const inOrder = (order: 'origin' | 'id' | 'newest') => {
    const planar = (p: Fixture) => Math.hypot(p.lng - ORIGIN.lng, p.lat - ORIGIN.lat);
    return places
      .filter((p) => p.published)
      .sort((a, b) =>
        order === 'origin' ? planar(a) - planar(b) : order === 'id' ? a.id - b.id : b.id - a.id,
      );
  };
  const holds = (word: string) => (p: Fixture) => p.name.toLowerCase().includes(word);
  /** The first `take` published places whose names hold `word`. */
  const expected = (word: string, order: 'origin' | 'id' | 'newest', take: number) =>
    inOrder(order)
      .filter(holds(word))
      .slice(0, take)
      .map((p) => p.id);
  /**
   * The statements the plan takes: a walk, one more up to the farthest if the first one's share of
   * matches says so, and the read of every match if the walks found too few.
   */
  const expectedStatements = (word: string, order: 'origin' | 'id' | 'newest', take: number) => {
    const foundIn = (rows: number) => inOrder(order).slice(0, rows).filter(holds(word)).length;
    const on = walkOn(WALKS.first, foundIn(WALKS.first), take, WALKS.most);
    const walks = on ? 2 : 1;
    return foundIn(on ? WALKS.most : WALKS.first) >= take ? walks : walks + 1;
  };

  const read = async (word: string, order: 'origin' | 'id' | 'newest', take: number) => {
    statements = 0;
    const rows = await firstMatches<{ id: number }>(
      counted,
      {
        where: [`p.status = 'published'`],
        params: [],
        origin: order === 'origin' ? ORIGIN : undefined,
        newest: order === 'newest',
      },
      (param) => ({ columns: 'p.id', match: [`p.search_name LIKE '%' || ${param(word, 'text')} || '%'`] }),
      take,
      WALKS,
    );
    return { ids: rows.map((row) => row.id), statements };
  };

  for (const order of ['origin', 'id', 'newest'] as const) {
    it(`answers a common word from the walks alone (order: ${order})`, async () => {
      for (const take of [20, 40]) {
        const { ids, statements } = await read('ulica', order, take);
        expect(ids).toEqual(expected('ulica', order, take));
        expect(statements).toBe(take <= WALKS.first ? 1 : 2);
      }
    });

    it(`reads a word the walk finds too few of from the matches, the same way (order: ${order})`, async () => {
      for (const take of [1, 5, 50]) {
        const { ids, statements } = await read('zabok', order, take);
        expect(ids).toEqual(expected('zabok', order, take));
        expect(ids.length).toBeGreaterThan(0);
        expect(statements).toBe(expectedStatements('zabok', order, take));
      }
      // The far town is not among the places nearest the origin: the first walk finds none of it,
      // and for five that sends the search straight to the matches.
      if (order === 'origin') expect(expectedStatements('zabok', order, 5)).toBe(2);
      // 50 is more than the farthest walk's places hold in any order.
      expect(expectedStatements('zabok', order, 50)).toBeGreaterThanOrEqual(2);
    });
  }

  it('answers nothing for a word nothing holds', async () => {
    expect((await read('nowhere', 'origin', 10)).ids).toEqual([]);
  });
});
