import { type CategoryField, MapResponse } from '@karta/contracts';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Prng } from '../src/demo-data/prng.ts';
import { resolveFieldFilters } from '../src/places/field-filters.ts';
import type { createPlaceRepository, ListQuery } from '../src/places/place-repository.ts';
import {
  createCategories,
  databaseOnly,
  expectSamePages as expectSamePagesOf,
  insertInBatches,
} from './support/memory-parity.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

const PLACES = 10_000;
const BOX = { west: 15.8, south: 45.7, east: 16.2, north: 45.95 };
const label = (en: string) => ({ en });
const FIELDS: CategoryField[] = [
  { key: 'indoor', type: 'boolean', label: label('Indoor'), filterable: true },
];
const CATEGORIES = ['pharmacy', 'cafe', 'shelter'] as const;
/** Where a tenth of the places stand together: their distances tie. */
const CLUMP = { lat: 45.815, lng: 15.982 };
/**
 * Words of names, descriptions and addresses: some rare and some common, some sharing beginnings
 * or pieces, letters that fold (č, é) or spell out (ö, ß, đ), punctuation inside and around.
 */
const WORDS = [
  'Ljekarna',
  'Kavana',
  'Café',
  'Köln',
  'Koeln',
  'Đakovo',
  'Trg',
  'bana',
  'Jelačića',
  'Zagreb',
  'Novi',
  'Centar',
  'Gradska',
  'St.Mark',
  'Müller',
  'Straße',
  'ulica',
  'Kolodvor',
  'Sklonište',
  'Voda',
  'Izvor',
  'Dom',
  'zdravlja',
  'Pekara',
  'Bar',
  'Barun',
  '(Stari)',
  'grad,',
  'Maksimir',
  'Jarun',
];

/** Words of the names of the places standing together, none near a misspelt word searched below. */
const CLUMP_WORDS = ['Trg', 'bana', 'Jelačića', 'Centar', 'Dom', 'zdravlja', 'Bar', 'Jarun', 'Izvor', 'Café'];
/** Misspelt words and searches: nothing matches them as written. */
const TYPOS = ['ljekrana', 'kavanna', 'kolodovr', 'maksimri', 'sklonste', 'zagrbe novi', 'pekaar'];

describe.skipIf(!databaseAvailable)(`searches from memory, as the database answers them (${dbKind})`, () => {
  let t: TestApp;
  let fromDatabase: ReturnType<typeof createPlaceRepository>;

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    const ids = await createCategories(t, CATEGORIES, FIELDS);
    // The demo data's seeded generator: the same places on every run.
    const prng = new Prng(41);
    const next = () => prng.next();
    /** A word, the first of the list far more often than the last. */
    const word = () => WORDS[Math.floor(next() ** 2 * WORDS.length)] as string;
    const words = (most: number) => Array.from({ length: 1 + Math.floor(next() * most) }, word).join(' ');
    // The clump's places tie in every walk from an origin, where the database picks typo
    // candidates in no set order among equals (first-matches.ts): their names hold no word a
    // misspelt search below is near.
    const clumpWord = () => CLUMP_WORDS[Math.floor(next() * CLUMP_WORDS.length)] as string;
    const clumpName = () => Array.from({ length: 1 + Math.floor(next() * 3) }, clumpWord).join(' ');
    const rows = Array.from({ length: PLACES }, (_, n) => {
      const clump = n % 10 === 0 ? CLUMP : undefined;
      return {
        category_id: ids[CATEGORIES[n % CATEGORIES.length] as string],
        name: clump ? { hr: clumpName() } : { hr: words(3), ...(next() < 0.3 ? { en: words(2) } : {}) },
        description: next() < 0.4 ? { hr: words(4) } : {},
        address: next() < 0.5 ? `${words(2)} ${1 + Math.floor(next() * 90)}` : null,
        lat: clump?.lat ?? BOX.south + next() ** 2 * (BOX.north - BOX.south),
        lng: clump?.lng ?? BOX.west + next() * (BOX.east - BOX.west),
        status: next() < 0.9 ? 'published' : 'pending',
        extra: next() < 0.8 ? { indoor: next() < 0.5 } : {},
        // Some places serve an area around them, for searches of the places serving a spot.
        radius: n % 7 === 3 ? 300 + (n % 13) * 400 : null,
      };
    });
    await insertInBatches(
      t,
      `INSERT INTO places (category_id, name, description, address, primary_language, lat, lng, location_privacy,
           status, published_at, extra, radius)
         SELECT r.category_id, r.name, r.description, r.address, 'hr', r.lat, r.lng, 'exact', r.status, now(), r.extra,
                r.radius
         FROM jsonb_to_recordset($1::jsonb)
           AS r(category_id int, name jsonb, description jsonb, address text, lat float8, lng float8, status text,
                extra jsonb, radius float8)`,
      rows,
    );
    await t.mapIndex.rebuild();
    fromDatabase = databaseOnly(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** What people type: a word as written or in other letters, its beginning or a piece, two words. */
  const typed = fc
    .oneof(
      fc.constantFrom(...WORDS),
      fc.constantFrom(...WORDS).map((w) =>
        w
          .toLowerCase()
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, ''),
      ),
      fc.tuple(fc.constantFrom(...WORDS), fc.integer({ min: 2, max: 5 })).map(([w, n]) => w.slice(0, n)),
      fc.tuple(fc.constantFrom(...WORDS), fc.integer({ min: 1, max: 3 })).map(([w, n]) => w.slice(n, n + 3)),
      fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS)).map(([a, b]) => `${a} ${b}`),
      fc.constantFrom('koeln', 'mueller', 'strasse', 'djakovo', 'cafe bar', 'st mark', 'novi zagreb'),
    )
    .filter((q) => /[\p{L}\p{N}]/u.test(q)); // as the API's `q` must hold
  const point = fc.record({
    lat: fc.double({ min: BOX.south, max: BOX.north, noNaN: true }),
    lng: fc.double({ min: BOX.west, max: BOX.east, noNaN: true }),
  });
  const questions = fc.record({
    q: typed,
    origin: fc.option(fc.oneof(point, fc.constant(CLUMP)), { nil: undefined }),
    order: fc.constantFrom('oldest', 'newest') as fc.Arbitrary<'oldest' | 'newest'>,
    categories: fc.option(fc.subarray([...CATEGORIES], { minLength: 1 }), { nil: undefined }),
    indoor: fc.option(fc.constantFrom('true', 'false'), { nil: undefined }),
    limit: fc.integer({ min: 1, max: 40 }),
    withTotal: fc.boolean(),
    /** Within a circle, or serving a spot: distances are then measured from there. */
    where: fc.option(
      fc.oneof(
        fc.record({
          near: fc.oneof(point, fc.constant(CLUMP)),
          radius: fc.integer({ min: 300, max: 9_000 }),
        }),
        fc.record({ covers: point }),
      ),
      { nil: undefined },
    ),
  });

  /**
   * The pages of both repositories, the same wherever the database ranks every match (a total
   * under the bound); past it the database ranks only the matches its bounded walk read first
   * (decision 016), and the pages are only as long.
   */
  const expectSamePages = (query: ListQuery) =>
    expectSamePagesOf(t.app.placeRepository, fromDatabase, query, async () => {
      const counted = await fromDatabase.list(
        { ...query, after: undefined, withTotal: true, limit: 1 },
        null,
      );
      return !counted.totalIsLowerBound;
    });

  it('pages the same places in the same order with the same totals as the database, page after page', async () => {
    const search = vi.spyOn(t.mapIndex, 'search');
    const indoor = async (value: string | undefined) =>
      value
        ? resolveFieldFilters(
            [{ key: 'indoor', values: [value] }],
            (await t.app.categoryRepository.filterable()).categories,
          )
        : undefined;
    let found = 0;
    await fc.assert(
      fc.asyncProperty(questions, async (asked) => {
        const fieldFilters = await indoor(asked.indoor);
        const query: ListQuery = {
          statuses: ['published'],
          order: asked.order,
          q: asked.q,
          limit: asked.limit,
          withTotal: asked.withTotal,
          ...(asked.origin ? { origin: asked.origin } : {}),
          ...(asked.categories ? { categories: asked.categories } : {}),
          ...(fieldFilters ? { fieldFilters } : {}),
          ...asked.where,
        };
        found += (await fromDatabase.list({ ...query, withTotal: true }, null)).total;
        await expectSamePages(query);
      }),
      { numRuns: 120, seed: 20_261_130 },
    );
    expect(found).toBeGreaterThan(1000);
    // The pages above came from the index, not from the database path they are compared with.
    expect(search).toHaveBeenCalled();
  });

  it('finds the places a typo or two away as the database does, when nothing matches as written', async () => {
    const search = vi.spyOn(t.mapIndex, 'search');
    for (const q of TYPOS) {
      for (const where of [
        {},
        { origin: CLUMP },
        { origin: { lat: 45.9, lng: 16.1 } },
        { near: { lat: 45.85, lng: 16.05 }, radius: 9_000 },
      ]) {
        for (const order of ['oldest', 'newest'] as const) {
          const query: ListQuery = {
            statuses: ['published'],
            order,
            q,
            limit: 25,
            withTotal: true,
            ...where,
          };
          const first = await fromDatabase.list(query, null);
          expect(first.total, q).toBeGreaterThan(0);
          await expectSamePages(query);
        }
      }
    }
    expect(search).toHaveBeenCalled();
  });

  it('maps exactly the places the list finds, every one of them', async () => {
    const maps = fc.record({
      q: typed,
      categories: fc.option(fc.subarray([...CATEGORIES], { minLength: 1 }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(maps, async ({ q, categories }) => {
        const params = new URLSearchParams({ bbox: '-180,-85,180,85', zoom: '4', q });
        if (categories) params.set('category', categories.join(','));
        const response = await t.app.inject({ method: 'GET', url: `/api/v1/map?${params}` });
        expect(response.statusCode, response.body).toBe(200);
        const answer = MapResponse.parse(response.json());
        const drawn = answer.clusters.reduce((sum, cluster) => sum + cluster.count, 0) + answer.places.length;
        const listed = await fromDatabase.list(
          {
            statuses: ['published'],
            order: 'oldest',
            q,
            limit: 1,
            withTotal: true,
            ...(categories ? { categories } : {}),
          },
          null,
        );
        const label = params.toString();
        expect(drawn, label).toBe(answer.matches?.total);
        if (listed.totalIsLowerBound) expect(answer.matches?.total, label).toBeGreaterThan(listed.total);
        else expect(answer.matches?.total, label).toBe(listed.total);
      }),
      { numRuns: 40, seed: 20_261_132 },
    );
  });

  it('suggests the same places as the database', async () => {
    const suggestions = fc.record({
      q: typed,
      origin: fc.option(point, { nil: undefined }),
      limit: fc.integer({ min: 1, max: 10 }),
    });
    await fc.assert(
      fc.asyncProperty(suggestions, async (asked) => {
        const query = { q: asked.q, limit: asked.limit, ...(asked.origin ? { origin: asked.origin } : {}) };
        const memory = await t.app.placeRepository.suggest(query, null);
        const database = await fromDatabase.suggest(query, null);
        expect(
          memory.map((item) => item.id),
          JSON.stringify(query),
        ).toEqual(database.map((item) => item.id));
      }),
      { numRuns: 40, seed: 20_261_131 },
    );
  });

  it('leaves to the database what the index does not hold', async () => {
    const search = vi.spyOn(t.mapIndex, 'search');
    const base: ListQuery = { statuses: ['published'], order: 'oldest', q: 'kavana', limit: 10 };
    for (const query of [
      { ...base, statuses: ['published', 'pending'] as ListQuery['statuses'] },
      { ...base, bbox: { west: 15.9, south: 45.8, east: 16, north: 45.9 } },
      { ...base, near: CLUMP, radius: 1000, covers: CLUMP },
      { ...base, openNow: true },
      { ...base, stale: true },
    ]) {
      await t.app.placeRepository.list(query, null);
    }
    expect(search).not.toHaveBeenCalled();
    // "Kavanna" matches nothing as written: the index says so and the database finds the typos.
    const typo = await t.app.placeRepository.list({ ...base, q: 'Kavanna', withTotal: true }, null);
    expect(search).toHaveBeenCalledTimes(1);
    expect(typo.items.length).toBeGreaterThan(0);
    expect(typo.items.map((item) => item.id)).toEqual(
      (await fromDatabase.list({ ...base, q: 'Kavanna', withTotal: true }, null)).items.map(
        (item) => item.id,
      ),
    );
  });

  it('finds a place renamed since the index was built, and no longer under its old name', async () => {
    const query: ListQuery = {
      statuses: ['published'],
      order: 'oldest',
      q: 'Quokkabar',
      limit: 5,
      withTotal: true,
    };
    expect((await t.app.placeRepository.list(query, null)).total).toBe(0);
    const { rows } = await t.database.query<{ id: number }>(
      `UPDATE places SET name = '{"hr": "Quokkabar Jarun"}' WHERE id = (SELECT min(id) FROM places WHERE status = 'published') RETURNING id`,
    );
    const renamed = await t.app.placeRepository.list(query, null);
    expect(renamed.items.map((item) => item.id)).toEqual([rows[0]?.id]);
    expect(renamed.items[0]?.name).toEqual({ hr: 'Quokkabar Jarun' });
    await t.database.query(`UPDATE places SET status = 'archived' WHERE id = $1`, [rows[0]?.id]);
    expect((await t.app.placeRepository.list(query, null)).total).toBe(0);
  });
});
