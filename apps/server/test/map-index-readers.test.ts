import type { Worker } from 'node:worker_threads';
import type { ClusterQuery, CountQuery, NearestQuery } from '@karta/map-core/clustering';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexWorker } from '../src/map-index/index-worker.ts';
import { MapIndexService } from '../src/map-index/map-index-service.ts';
import type { RankedSearch } from '../src/places/published-search.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

const ZAGREB = { lat: 45.8, lng: 16.0 };

/** Views, counts, nearest pages and searches around the demo places, with the filters the map takes. */
function reads(categories: string[]): {
  views: ClusterQuery[];
  counts: CountQuery[];
  near: NearestQuery[];
  searches: RankedSearch[];
} {
  const views: ClusterQuery[] = [];
  for (const zoom of [4, 9, 11, 13, 16]) {
    const half = 180 / 2 ** zoom;
    const bbox = {
      west: ZAGREB.lng - half,
      south: ZAGREB.lat - half / 2,
      east: ZAGREB.lng + half,
      north: ZAGREB.lat + half / 2,
    };
    views.push({ bbox, zoom, lang: 'en' }, { bbox, zoom, categories: categories.slice(0, 2), lang: 'hr' });
    views.push({ bbox, zoom, openNow: true, lang: 'en' });
  }
  const counts: CountQuery[] = [{}, { openNow: true }, { categories: categories.slice(1, 3) }];
  counts.push({ bbox: { west: 15.9, south: 45.75, east: 16.1, north: 45.85 } });
  const near: NearestQuery[] = [
    { origin: ZAGREB, within: 5_000, limit: 20, withTotal: true },
    {
      origin: { lat: 45.81, lng: 15.98 },
      within: 50_000,
      limit: 7,
      categories: categories.slice(0, 1),
      withTotal: true,
    },
    { origin: ZAGREB, within: 20_000, limit: 10, openNow: true },
    { origin: ZAGREB, within: 20_000, limit: 10, covering: true, withTotal: true },
  ];
  const searches: RankedSearch[] = [];
  // Words of the demo places and of the places the test adds, pieces, and misspelt words.
  for (const q of ['reader', 'read', 'ljekarna', 'park', 'readr', 'ljkarna', 'reader 12']) {
    searches.push({ q, limit: 10, withTotal: true, origin: ZAGREB, countUpTo: 1001 });
    searches.push({
      q,
      limit: 5,
      categories: categories.slice(0, 2),
      circle: { origin: ZAGREB, within: 8_000 },
    });
  }
  return { views, counts, near, searches };
}

/** Every read's answer from one service. */
async function answers(index: MapIndexService, categories: string[]): Promise<unknown[]> {
  const { views, counts, near, searches } = reads(categories);
  return Promise.all([
    ...views.map(async (query) => JSON.parse(await index.queryJson(query)) as unknown),
    ...counts.map((query) => index.count(query)),
    ...near.map((query) => index.nearest(query)),
    ...searches.map((query) => index.search(query)),
    ...searches.map(async ({ q, origin }) => {
      const view = views[3] as ClusterQuery;
      return JSON.parse((await index.matchesJson({ q, origin }, view)) ?? 'null') as unknown;
    }),
  ]);
}

describe.skipIf(!databaseAvailable)(`the map index read by reader threads (${dbKind})`, () => {
  let t: TestApp;
  let categories: string[];
  let withReaders: MapIndexService;
  let alone: MapIndexService;

  beforeAll(async () => {
    t = await startTestApp();
    categories = (
      await t.database.query<{ slug: string }>('SELECT slug FROM categories ORDER BY id')
    ).rows.map((row) => row.slug);
    withReaders = new MapIndexService(t.database, { maxZoom: 18, readers: 2 });
    alone = new MapIndexService(t.database, { maxZoom: 18, readers: 0 });
    await Promise.all([withReaders.rebuild(), alone.rebuild()]);
  });
  afterAll(async () => {
    await withReaders?.close();
    await alone?.close();
    await t?.close();
  });

  /** Catches both up with the log and reads everything at once: the readers must show every change. */
  async function expectSameAnswers() {
    await Promise.all([withReaders.catchUp(), alone.catchUp()]);
    const [mine, theirs] = await Promise.all([answers(withReaders, categories), answers(alone, categories)]);
    expect(mine).toEqual(theirs);
    return mine;
  }

  it('answers every view, count, nearest page, search and map of matches as the writer alone, through changes and compactions', async () => {
    const before = withReaders.readerFigures.answered;
    const first = await expectSameAnswers();
    expect(first.some((answer) => JSON.stringify(answer).includes('"places":[{'))).toBe(true);
    expect(first.some((answer) => JSON.stringify(answer).includes('"hits":[{'))).toBe(true);
    const reads = first.length;
    // The readers answered them all; the writer alone has none.
    expect(withReaders.readerFigures).toEqual({ readers: 2, answered: before + reads });
    expect(alone.readerFigures).toEqual({ readers: 0, answered: 0 });

    // 600 new places, some open at all hours; places moved, recategorised, archived.
    await t.database.query(
      `INSERT INTO places (name, primary_language, category_id, lat, lng, status, published_at, opening_hours)
       SELECT jsonb_build_object('en', 'Reader ' || n), 'en',
              (SELECT id FROM categories ORDER BY id OFFSET (n % 3) LIMIT 1),
              45.7 + (n % 30) * 0.007, 15.85 + (n / 30) * 0.015, 'published', now(),
              CASE WHEN n % 2 = 0 THEN '24/7' END
       FROM generate_series(1, 600) AS n`,
    );
    const after = await expectSameAnswers();
    expect(after).not.toEqual(first);
    await t.database.query(
      `UPDATE places SET lat = lat + 0.01, category_id = (SELECT max(id) FROM categories)
       WHERE id IN (SELECT id FROM places WHERE status = 'published' ORDER BY id LIMIT 40)`,
    );
    await expectSameAnswers();
    await t.database.query(
      `UPDATE places SET status = 'archived' WHERE id IN (SELECT id FROM places WHERE name->>'en' LIKE 'Reader %' AND id % 3 = 0)`,
    );
    await expectSameAnswers();
    // No read for over a second: the writer compacts, and the readers take its new layers.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await t.database.query(`UPDATE places SET lng = lng - 0.02 WHERE name->>'en' LIKE 'Reader 1%'`);
    await expectSameAnswers();
    expect(withReaders.lastBuild).toMatchObject({ builds: 1 });
  });

  it('asks the same reader for a read it keeps something for (a search, a set of matches, a filter)', async () => {
    const readers = Reflect.get(withReaders, 'readers') as IndexWorker[];
    const asked = async (read: () => Promise<unknown>) => {
      const before = readers.map((reader) => reader.answered);
      for (let n = 0; n < 6; n += 1) await Promise.all([read(), read()]);
      return readers.map((reader, at) => reader.answered - (before[at] as number)).sort();
    };
    expect(await asked(() => withReaders.search({ q: 'reader', limit: 5 }))).toEqual([0, 12]);
    const view = reads(categories).views[3] as ClusterQuery;
    expect(await asked(() => withReaders.matchesJson({ q: 'ljekarna' }, view))).toEqual([0, 12]);
    const filters = [{ key: 'access', anyOf: ['yes'] }];
    expect(await asked(() => withReaders.queryJson({ ...view, filters }))).toEqual([0, 12]);
    // A plain view goes to the reader with fewer reads in flight: both take some.
    expect((await asked(() => withReaders.queryJson(view))).every((count) => count > 0)).toBe(true);
  });

  it('starts another reader when one stops, which follows the index from its image', async () => {
    const readers = Reflect.get(withReaders, 'readers') as IndexWorker[];
    const thread = Reflect.get(readers[0] as IndexWorker, 'worker') as Worker;
    const exited = new Promise((resolve) => thread.once('exit', resolve));
    await thread.terminate();
    await exited;
    await t.database.query(`UPDATE places SET lat = lat - 0.005 WHERE name->>'en' LIKE 'Reader 2%'`);
    await expectSameAnswers();
    expect(withReaders.readerFigures.readers).toBe(2);
    expect(Reflect.get(withReaders, 'readers')).not.toContain(readers[0]);
  });

  it('answers from the new index after a rebuild', async () => {
    await t.database.query(`UPDATE places SET status = 'archived' WHERE name->>'en' LIKE 'Reader 3%'`);
    await Promise.all([withReaders.rebuild(), alone.rebuild()]);
    await expectSameAnswers();
    expect(withReaders.lastBuild).toMatchObject({ builds: 2 });
  });
});
