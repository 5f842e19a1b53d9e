import { Category, type CategoryField } from '@karta/contracts';
import { expect } from 'vitest';
import {
  createPlaceRepository,
  type ListPage,
  type ListQuery,
  type PlaceRepository,
} from '../../src/places/place-repository.ts';
import { postJson, signedInUser } from './auth.ts';
import type { TestApp } from './test-app.ts';

/**
 * Helpers of the tests that compare what the map index answers (the app's repository) with what
 * the database alone answers (a repository without the index).
 */

/** Makes the categories, each with `fields`, as a moderator; their ids by slug. */
export async function createCategories(
  t: TestApp,
  slugs: readonly string[],
  fields: CategoryField[],
): Promise<Record<string, number>> {
  const moderator = await signedInUser(t.app, 'moderator');
  const ids: Record<string, number> = {};
  for (const slug of slugs) {
    const response = await postJson(
      t.app,
      '/api/v1/categories',
      { slug, name: { en: slug }, color: '#15803d', icon: 'heart-pulse', fields },
      { headers: moderator.headers },
    );
    expect(response.statusCode, response.body).toBe(201);
    ids[slug] = Category.parse(response.json()).id;
  }
  return ids;
}

/** A page as compared: ids in order, the total and whether more follow (distances apart). */
const shape = (page: ListPage) => ({
  ids: page.items.map((item) => item.id),
  total: page.total,
  totalIsLowerBound: page.totalIsLowerBound,
  more: page.next !== null,
});

/**
 * Up to three pages of a query from both repositories, each walked with its own cursor (the
 * database's sine may differ from JavaScript's in the last bit, so a cursor's distance is its own
 * side's), each page the same as the other's: places, order, total, "more", and distances within
 * a micrometre. `comparable(query)` false: the pages are only checked to be as long.
 */
export async function expectSamePages(
  memory: PlaceRepository,
  database: PlaceRepository,
  query: ListQuery,
  comparable: (query: ListQuery) => Promise<boolean> = async () => true,
): Promise<void> {
  const compare = await comparable(query);
  let memoryAfter: ListQuery['after'];
  let databaseAfter: ListQuery['after'];
  for (let page = 0; page < 3; page++) {
    const fromMemory = await memory.list({ ...query, after: memoryAfter }, null);
    const fromDatabase = await database.list({ ...query, after: databaseAfter }, null);
    const label = `${JSON.stringify(query)}, page ${page + 1}`;
    if (!compare) {
      expect(fromMemory.items.length, label).toBe(fromDatabase.items.length);
      return;
    }
    expect(shape(fromMemory), label).toEqual(shape(fromDatabase));
    const apart = fromMemory.items.map((item, i) =>
      Math.abs((item.distance ?? 0) - (fromDatabase.items[i]?.distance ?? 0)),
    );
    expect(Math.max(0, ...apart), label).toBeLessThan(1e-6);
    if (!fromMemory.next || !fromDatabase.next) return;
    memoryAfter = fromMemory.next;
    databaseAfter = fromDatabase.next;
  }
}

/** Runs `insert` (which reads `$1::jsonb`, an array of rows) for the rows, 2 000 at a time. */
export async function insertInBatches(t: TestApp, insert: string, rows: readonly unknown[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 2000) {
    await t.database.query(insert, [JSON.stringify(rows.slice(start, start + 2000))]);
  }
}

/** The app's place reader without the map index: every list, search and count from the database. */
export function databaseOnly(t: TestApp): PlaceRepository {
  return createPlaceRepository(t.database, {
    hours: t.app.appConfig.hours,
    staleAfterDays: t.app.appConfig.staleAfterDays,
  });
}
