import { PlaceList, PlaceSuggestions } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allCities,
  insertCities,
  QUALITY_CASES,
  qualitySubset,
} from '../../../benchmarks/search-quality-cases.ts';
import { nextAddress } from './support/auth.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/** Cities besides those the cases name and their look-alikes (about 3 500 in all). */
const OTHER_CITIES = 1_500;
const TOP = 6;

/**
 * The search quality list (benchmarks/search-quality-cases.ts) over a few thousand real cities:
 * each query finds the city meant in its top 6, and an exact name comes first. The bench runs the
 * same list over all 135 000 cities and prints the hit rate.
 */
describe.skipIf(!databaseAvailable)(`search quality on real city names (${dbKind})`, () => {
  let t: TestApp;

  const names = async (path: string) => {
    const response = await t.app.inject({ method: 'GET', url: path, remoteAddress: nextAddress() });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const items = path.includes('/suggestions')
      ? PlaceSuggestions.parse(body).items
      : PlaceList.parse(body).items;
    return items.map((item) => Object.values(item.name)[0]);
  };

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    const { rows } = await t.database.query<{ id: number }>(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('city', '{"en": "City"}', '#1d4ed8', 'city') RETURNING id`,
    );
    await insertCities(t.database, qualitySubset(allCities(), OTHER_CITIES), rows[0]?.id as number);
  });
  afterAll(async () => {
    await t?.close();
  });

  for (const kind of [...new Set(QUALITY_CASES.map((c) => c.kind))]) {
    it(`finds the city meant in the top ${TOP}: ${kind}`, async () => {
      for (const c of QUALITY_CASES.filter((each) => each.kind === kind)) {
        const q = encodeURIComponent(c.q);
        const listed = await names(`/api/v1/places?q=${q}&limit=${TOP}`);
        const suggested = await names(`/api/v1/places/suggestions?q=${q}&limit=${TOP}`);
        expect(listed, c.q).toContain(c.expect);
        expect(suggested, c.q).toEqual(listed);
        if (kind === 'exact first') expect(listed[0], c.q).toBe(c.expect);
      }
    });
  }
});
