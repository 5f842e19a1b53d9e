import type { CategoryField } from '@karta/contracts';
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
/** Zagreb and its surroundings, where the places are; questions reach a little beyond. */
const BOX = { west: 15.8, south: 45.7, east: 16.2, north: 45.95 };
const ACCESS = ['yes', 'customers', 'private'] as const;
const label = (en: string) => ({ en });
const FIELDS: CategoryField[] = [
  { key: 'indoor', type: 'boolean', label: label('Indoor'), filterable: true },
  {
    key: 'access',
    type: 'enum',
    label: label('Access'),
    filterable: true,
    options: ACCESS.map((value) => ({ value, label: label(value) })),
  },
];
const CATEGORIES = ['defibrillator', 'water', 'shelter'] as const;
/** Where a tenth of the places stand together. */
const CLUMP = { lat: 45.815, lng: 15.982 };

describe.skipIf(!databaseAvailable)(
  `places within a circle from memory, as the database answers them (${dbKind})`,
  () => {
    let t: TestApp;
    let fromDatabase: ReturnType<typeof createPlaceRepository>;

    beforeAll(async () => {
      t = await startTestApp({ demo: false });
      const ids = await createCategories(t, CATEGORIES, FIELDS);
      // The demo data's seeded generator: the same places on every run.
      const prng = new Prng(37);
      const next = () => prng.next();
      const rows = Array.from({ length: PLACES }, (_, n) => {
        // Clumps as in a city, and a few places sharing one position (ties go by id).
        const clump = n % 10 === 0 ? CLUMP : undefined;
        const roll = next();
        return {
          n,
          category_id: ids[CATEGORIES[n % CATEGORIES.length] as string],
          lat: clump?.lat ?? BOX.south + next() ** 2 * (BOX.north - BOX.south),
          lng: clump?.lng ?? BOX.west + next() * (BOX.east - BOX.west),
          privacy: roll < 0.8 ? 'exact' : roll < 0.9 ? '100m' : '1km',
          // Half serve the area around them, from 10 m to 30 km.
          radius: next() < 0.5 ? null : Math.round(10 ** (1 + next() * 3.5)),
          status: next() < 0.9 ? 'published' : 'pending',
          extra: {
            ...(next() < 0.8 ? { indoor: next() < 0.5 } : {}),
            ...(next() < 0.7 ? { access: ACCESS[Math.floor(next() * ACCESS.length)] } : {}),
          },
        };
      });
      await insertInBatches(
        t,
        `INSERT INTO places (category_id, name, description, primary_language, lat, lng, location_privacy,
           status, published_at, extra, radius)
         SELECT r.category_id, jsonb_build_object('en', 'Place ' || r.n), '{}', 'en', r.lat, r.lng, r.privacy,
           r.status, now(), r.extra, r.radius
         FROM jsonb_to_recordset($1::jsonb)
           AS r(n int, category_id int, lat float8, lng float8, privacy text, status text, extra jsonb, radius float8)`,
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

    const point = fc.record({
      lat: fc.double({ min: BOX.south - 0.05, max: BOX.north + 0.05, noNaN: true }),
      lng: fc.double({ min: BOX.west - 0.05, max: BOX.east + 0.05, noNaN: true }),
    });
    const questions = fc.record({
      near: point,
      radius: fc.oneof(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 500, max: 30_000 })),
      categories: fc.option(fc.subarray([...CATEGORIES], { minLength: 1 }), { nil: undefined }),
      f: fc.option(
        fc.oneof(
          fc.constantFrom('true', 'false').map((value) => ({ key: 'indoor', values: [value] })),
          fc.subarray([...ACCESS], { minLength: 1 }).map((values) => ({ key: 'access', values })),
        ),
        { nil: undefined },
      ),
      limit: fc.integer({ min: 1, max: 60 }),
      withTotal: fc.boolean(),
    });

    const expectSamePages = (query: ListQuery) =>
      expectSamePagesOf(t.app.placeRepository, fromDatabase, query);

    it('pages the same places within a circle, in the same order, with the same totals, page after page', async () => {
      const nearest = vi.spyOn(t.mapIndex, 'nearest');
      await fc.assert(
        fc.asyncProperty(questions, async (asked) => {
          const fieldFilters = asked.f
            ? resolveFieldFilters([asked.f], (await t.app.categoryRepository.filterable()).categories)
            : undefined;
          const query: ListQuery = {
            statuses: ['published'],
            order: 'oldest',
            near: asked.near,
            radius: asked.radius,
            limit: asked.limit,
            withTotal: asked.withTotal,
            ...(asked.categories ? { categories: asked.categories } : {}),
            ...(fieldFilters ? { fieldFilters } : {}),
          };
          await expectSamePages(query);
        }),
        {
          numRuns: 60,
          seed: 20_261_129,
          // A circle of no size on the clump's exact spot: the places there are at 0 ≤ 0 metres.
          examples: [
            [{ near: CLUMP, radius: 0, categories: undefined, f: undefined, limit: 7, withTotal: true }],
          ],
        },
      );
      // The pages above came from the index, not from the database path they are compared with.
      expect(nearest).toHaveBeenCalled();
    });

    it('pages the same places serving a spot (their own radius reaches it) as the database', async () => {
      const nearest = vi.spyOn(t.mapIndex, 'nearest');
      const spots = fc.record({
        covers: point,
        categories: fc.option(fc.subarray([...CATEGORIES], { minLength: 1 }), { nil: undefined }),
        limit: fc.integer({ min: 1, max: 60 }),
        withTotal: fc.boolean(),
      });
      let found = 0;
      await fc.assert(
        fc.asyncProperty(spots, async ({ covers, categories, limit, withTotal }) => {
          const query: ListQuery = {
            statuses: ['published'],
            order: 'oldest',
            covers,
            limit,
            withTotal,
            ...(categories ? { categories } : {}),
          };
          found += (await fromDatabase.list(query, null)).items.length;
          await expectSamePages(query);
        }),
        { numRuns: 40, seed: 20_261_130 },
      );
      expect(found).toBeGreaterThan(100);
      expect(nearest).toHaveBeenCalled();
    });

    it('leaves to the database what the index does not hold: other statuses, searches, boxes, open now, filtered spots', async () => {
      const nearest = vi.spyOn(t.mapIndex, 'nearest');
      const near = CLUMP;
      const base: ListQuery = { statuses: ['published'], order: 'oldest', near, radius: 2000, limit: 10 };
      const spot: ListQuery = { statuses: ['published'], order: 'oldest', covers: near, limit: 10 };
      const indoor = resolveFieldFilters(
        [{ key: 'indoor', values: ['true'] }],
        (await t.app.categoryRepository.filterable()).categories,
      );
      for (const query of [
        { ...base, statuses: ['published', 'pending'] as ListQuery['statuses'] },
        { ...base, q: 'place' },
        { ...base, bbox: { west: 15.9, south: 45.8, east: 16, north: 45.9 } },
        { ...base, openNow: true },
        { ...base, covers: near },
        { ...spot, fieldFilters: indoor },
        { ...spot, openNow: true },
      ]) {
        await t.app.placeRepository.list(query, null);
      }
      expect(nearest).not.toHaveBeenCalled();
      await t.app.placeRepository.list(base, null);
      await t.app.placeRepository.list(spot, null);
      expect(nearest).toHaveBeenCalledTimes(2);
    });

    it('says nothing of a place unpublished since: its row is left out of the page', async () => {
      const near = CLUMP;
      const query: ListQuery = { statuses: ['published'], order: 'oldest', near, radius: 1, limit: 5 };
      const before = await t.app.placeRepository.list(query, null);
      expect(before.items.length).toBeGreaterThan(1);
      const [first] = before.items;
      await t.database.query(`UPDATE places SET status = 'archived' WHERE id = $1`, [first?.id]);
      const after = await t.app.placeRepository.list(query, null);
      expect(after.items.map((item) => item.id)).not.toContain(first?.id);
      expect(after.items.map((item) => item.id)).toEqual(
        (await fromDatabase.list(query, null)).items.map((item) => item.id),
      );
    });
  },
);
