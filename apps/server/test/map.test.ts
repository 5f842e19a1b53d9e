import { ErrorBody, MapResponse, PlaceList } from '@karta/contracts';
import { MAX_MAP_FEATURES } from '@karta/map-core/clustering';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

const WORLD = '-180,-85,180,85';
const ZAGREB = '15.8,45.7,16.2,45.9';

interface Row {
  id: number;
  lat: number;
  lng: number;
  slug: string;
  name: Record<string, string>;
  primary_language: string;
}

describe.skipIf(!databaseAvailable)(`GET /api/v1/map (${dbKind})`, () => {
  let t: TestApp;
  let rows: Row[];

  const map = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/map?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return MapResponse.parse(response.json());
  };
  const total = (result: MapResponse) =>
    result.clusters.reduce((sum, cluster) => sum + cluster.count, 0) + result.places.length;

  beforeAll(async () => {
    t = await startTestApp();
    rows = (
      await t.database.query<Row>(
        `SELECT p.id, p.public_lat AS lat, p.public_lng AS lng, c.slug, p.name, p.primary_language
         FROM places p JOIN categories c ON c.id = p.category_id WHERE p.status = 'published'`,
      )
    ).rows;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('accounts for every published place exactly once over the whole world', async () => {
    for (const zoom of [0, 5, 10, 14]) {
      expect(total(await map(`bbox=${WORLD}&zoom=${zoom}`))).toBe(rows.length);
    }
  });

  it('gives each cluster the tier of its count (digits, capped at 5) and at least 2 places', async () => {
    const seen = new Set<number>();
    // A whole-world box is answered at a coarser zoom past the feature cap: zoom in on Zagreb.
    for (const [box, zoom] of [
      [WORLD, 0],
      [ZAGREB, 8],
      [ZAGREB, 10],
      [ZAGREB, 12],
    ] as const) {
      for (const cluster of (await map(`bbox=${box}&zoom=${zoom}`)).clusters) {
        expect(cluster.count).toBeGreaterThanOrEqual(2);
        expect(cluster.tier).toBe(Math.min(5, String(cluster.count).length));
        seen.add(cluster.tier);
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(3);
  });

  it('gives each cluster bounds that contain its centre and all its places', async () => {
    const { clusters } = await map('bbox=15.9,45.75,16.05,45.85&zoom=13');
    expect(clusters.length).toBeGreaterThan(3);
    for (const cluster of clusters.slice(0, 12)) {
      const { west, south, east, north } = cluster.bounds;
      expect(cluster.lat).toBeGreaterThanOrEqual(south);
      expect(cluster.lat).toBeLessThanOrEqual(north);
      expect(cluster.lng).toBeGreaterThanOrEqual(west);
      expect(cluster.lng).toBeLessThanOrEqual(east);
      // Every place of the cluster lies in its bounds, so the box holds at least `count` places.
      const inBounds = rows.filter(
        (row) => row.lat >= south && row.lat <= north && row.lng >= west && row.lng <= east,
      ).length;
      expect(inBounds).toBeGreaterThanOrEqual(cluster.count);
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/v1/places?bbox=${west},${south},${east},${north}&limit=1`,
      });
      expect(PlaceList.parse(list.json()).total).toBe(inBounds);
    }
  });

  it('keeps places at exactly the same spot clustered even at the highest zoom', async () => {
    const bySpot = new Map<string, Row[]>();
    for (const row of rows)
      bySpot.set(`${row.lat},${row.lng}`, [...(bySpot.get(`${row.lat},${row.lng}`) ?? []), row]);
    const group = [...bySpot.values()].find((members) => members.length > 1) as Row[];
    const { lat, lng } = group[0] as Row;
    const result = await map(`bbox=${lng - 0.0001},${lat - 0.0001},${lng + 0.0001},${lat + 0.0001}&zoom=18`);
    // The cluster's centre is an average in projected space, so find it by its bounds.
    const cluster = result.clusters.find(
      (c) => c.bounds.west <= lng && c.bounds.east >= lng && c.bounds.south <= lat && c.bounds.north >= lat,
    );
    expect(cluster?.count).toBeGreaterThanOrEqual(group.length);
    expect(result.places.filter((place) => place.lat === lat && place.lng === lng)).toEqual([]);
  });

  it('filters by one or several categories', async () => {
    const pharmacies = rows.filter((row) => row.slug === 'pharmacy').length;
    const libraries = rows.filter((row) => row.slug === 'library').length;
    const one = await map(`bbox=${WORLD}&zoom=3&category=pharmacy`);
    expect(total(one)).toBe(pharmacies);
    const city = await map('bbox=15.95,45.8,16.0,45.83&zoom=16&category=pharmacy');
    expect(city.places.length).toBeGreaterThan(0);
    expect(city.places.every((place) => place.category === 'pharmacy')).toBe(true);
    const two = await map(`bbox=${WORLD}&zoom=3&category=pharmacy,library`);
    expect(total(two)).toBe(pharmacies + libraries);
    const none = await map(`bbox=${WORLD}&zoom=3&category=no-such-category`);
    expect(none).toEqual({ clusters: [], places: [] });
  });

  it('names single places in the language asked for, falling back to the place’s own', async () => {
    // The most isolated bilingual place is a single marker at zoom 16.
    const bilingual = rows.filter((row) => row.name.hr && row.name.en && row.name.hr !== row.name.en);
    const isolation = (row: Row) =>
      Math.min(
        ...rows
          .filter((other) => other.id !== row.id)
          .map((o) => Math.hypot(o.lat - row.lat, o.lng - row.lng)),
      );
    const place = bilingual.reduce((best, row) => (isolation(row) > isolation(best) ? row : best));
    const box = `${place.lng - 0.001},${place.lat - 0.001},${place.lng + 0.001},${place.lat + 0.001}`;
    const hr = (await map(`bbox=${box}&zoom=16&lang=hr`)).places.find((p) => p.id === place.id);
    const en = (await map(`bbox=${box}&zoom=16&lang=en`)).places.find((p) => p.id === place.id);
    expect(hr?.name).toBe(place.name.hr);
    expect(en?.name).toBe(place.name.en);

    const single = rows.filter((row) => Object.keys(row.name).length === 1);
    const lonely = single.reduce((best, row) => (isolation(row) > isolation(best) ? row : best));
    const lonelyBox = `${lonely.lng - 0.0005},${lonely.lat - 0.0005},${lonely.lng + 0.0005},${lonely.lat + 0.0005}`;
    const other = lonely.primary_language === 'hr' ? 'en' : 'hr';
    const result = await map(`bbox=${lonelyBox}&zoom=18&lang=${other}`);
    const shown = [...result.places.filter((p) => p.id === lonely.id)];
    if (shown.length > 0) expect(shown[0]?.name).toBe(lonely.name[lonely.primary_language]);
  });

  it.each([
    ['no bbox', 'zoom=10'],
    ['no zoom', 'bbox=15,45,16,46'],
    ['three numbers', 'bbox=15,45,16&zoom=10'],
    ['five numbers', 'bbox=15,45,16,46,1&zoom=10'],
    ['south above north', 'bbox=15,46,16,45&zoom=10'],
    ['latitude out of range', 'bbox=15,45,16,95&zoom=10'],
    ['longitude out of range', 'bbox=15,45,181,46&zoom=10'],
    ['Infinity', 'bbox=15,45,Infinity,46&zoom=10'],
    ['NaN', 'bbox=NaN,45,16,46&zoom=10'],
    ['empty number', 'bbox=15,,16,46&zoom=10'],
    ['zoom too high', 'bbox=15,45,16,46&zoom=23'],
    ['negative zoom', 'bbox=15,45,16,46&zoom=-1'],
    ['fractional zoom', 'bbox=15,45,16,46&zoom=10.5'],
    ['zoom not a number', 'bbox=15,45,16,46&zoom=ten'],
    ['zoom Infinity', 'bbox=15,45,16,46&zoom=Infinity'],
    ['NUL in bbox', 'bbox=15%00,45,16,46&zoom=10'],
    ['NUL in category', 'bbox=15,45,16,46&zoom=10&category=pharmacy%00'],
    ['NUL in lang', 'bbox=15,45,16,46&zoom=10&lang=h%00'],
    ['upper-case category', 'bbox=15,45,16,46&zoom=10&category=Pharmacy'],
    ['bad language', 'bbox=15,45,16,46&zoom=10&lang=english'],
    ['bbox given twice', 'bbox=15,45,16,46&bbox=15,45,16,46&zoom=10'],
    ['overlong bbox', `bbox=${'1'.repeat(300)},45,16,46&zoom=10`],
  ])('answers 400 validation_error for %s', async (_label, query) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/map?${query}` });
    expect(response.statusCode).toBe(400);
    const body = ErrorBody.parse(response.json());
    expect(body.error.code).toBe('validation_error');
    const details = body.error.details as { path: string; message: string }[];
    expect(details.length).toBeGreaterThan(0);
    expect(details[0]).toEqual({ path: expect.any(String), message: expect.any(String) });
  });

  it('answers a box across the antimeridian after the index is rebuilt with places there', async () => {
    await t.database.query(
      `INSERT INTO places (name, primary_language, category_id, lat, lng, status, published_at)
       SELECT ('{"en":"Date line ' || n || '"}')::jsonb, 'en', (SELECT id FROM categories ORDER BY id LIMIT 1),
              0.5, lng, 'published', now()
       FROM (VALUES (1, 179.95), (2, -179.95), (3, 10.0)) AS v(n, lng)`,
    );
    await t.mapIndex.rebuild();
    const near = await map('bbox=179.9,-1,-179.9,1&zoom=18');
    expect(near.places.map((place) => place.name).sort()).toEqual(['Date line 1', 'Date line 2']);
    const far = await map('bbox=179,-10,-179,10&zoom=3');
    expect(total(far)).toBe(2);
    expect(total(await map(`bbox=${WORLD}&zoom=0`))).toBe(rows.length + 3);
  });

  it('answers a whole-world box at zoom 22 with at most MAX_MAP_FEATURES features, every place counted', async () => {
    // A grid of places 2° apart over the world: each one a single marker at any zoom above 6,
    // so an answer at the zoom asked for would hold them all.
    await t.database.query(
      `INSERT INTO places (name, primary_language, category_id, lat, lng, status, published_at)
       SELECT ('{"en":"Grid ' || n || '"}')::jsonb, 'en', (SELECT id FROM categories ORDER BY id LIMIT 1),
              -60 + (n / 100) * 2, -170 + (n % 100) * 3.4, 'published', now()
       FROM generate_series(0, $1 - 1) AS n`,
      [MAX_MAP_FEATURES + 500],
    );
    await t.mapIndex.catchUp();
    const published = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM places WHERE status = 'published'`,
    );
    const all = published.rows[0]?.n ?? 0;
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/map?bbox=${WORLD}&zoom=22` });
    expect(response.statusCode).toBe(200);
    const result = MapResponse.parse(response.json());
    expect(result.clusters.length + result.places.length).toBeLessThanOrEqual(MAX_MAP_FEATURES);
    expect(total(result)).toBe(all);
    // Filtered answers are capped the same way.
    const slug = (await t.database.query<{ slug: string }>('SELECT slug FROM categories ORDER BY id LIMIT 1'))
      .rows[0]?.slug;
    const filtered = await map(`bbox=${WORLD}&zoom=22&category=${slug},no-such-category`);
    expect(filtered.clusters.length + filtered.places.length).toBeLessThanOrEqual(MAX_MAP_FEATURES);
  });
});
