import { ErrorBody, LIST_COUNT_BOUND, Place, PlaceList, type PlaceListItem } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineM } from './support/geo.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

const CITY = { west: 15.94, south: 45.79, east: 16.01, north: 45.83 };
const CITY_BBOX = `${CITY.west},${CITY.south},${CITY.east},${CITY.north}`;

describe.skipIf(!databaseAvailable)(`GET /api/v1/places and /api/v1/places/:id (${dbKind})`, () => {
  let t: TestApp;

  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/places?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return PlaceList.parse(response.json());
  };
  const allPages = async (query: string) => {
    const items: PlaceListItem[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let total = -1;
    let totalIsLowerBound = false;
    do {
      const page: PlaceList = await list(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
      items.push(...page.items);
      total = page.total;
      totalIsLowerBound = page.totalIsLowerBound;
      cursor = page.nextCursor;
      pages += 1;
      expect(pages).toBeLessThan(200);
    } while (cursor);
    return { items, total, totalIsLowerBound, pages };
  };
  const countInDb = async (where: string, params: unknown[] = []) =>
    (
      await t.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM places p JOIN categories c ON c.id = p.category_id
         WHERE p.status = 'published' AND ${where}`,
        params,
      )
    ).rows[0]?.n;

  beforeAll(async () => {
    t = await startTestApp();
    // Places the demo does not have: across the date line, hidden states, a coarsened position.
    await t.database.query(
      `INSERT INTO places (name, primary_language, category_id, lat, lng, status, published_at, rejection_reason,
                           location_privacy)
       SELECT v.name::jsonb, 'en', (SELECT id FROM categories WHERE slug = 'shelter'), v.lat, v.lng, v.status,
              CASE WHEN v.status = 'published' THEN now() END,
              CASE WHEN v.status = 'rejected' THEN 'Duplicate' END, v.privacy
       FROM (VALUES
         ('{"en":"East of the date line"}', -16.5, 179.8, 'published', 'exact'),
         ('{"en":"West of the date line"}', -16.6, -179.8, 'published', 'exact'),
         ('{"en":"Far away"}', -16.5, 170.0, 'published', 'exact'),
         ('{"en":"Pending place"}', 45.813, 15.977, 'pending', 'exact'),
         ('{"en":"Rejected place"}', 45.813, 15.977, 'rejected', 'exact'),
         ('{"en":"Safe house"}', 45.81234, 15.97654, 'published', '1km')
       ) AS v(name, lat, lng, status, privacy)`,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sorts by distance from the origin and reports that distance in metres', async () => {
    const origin = { lat: 45.8, lng: 15.95 };
    const page = await list(`bbox=${CITY_BBOX}&origin=${origin.lat},${origin.lng}&limit=100`);
    expect(page.items).toHaveLength(100);
    const distances = page.items.map((item) => item.distance as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const item of page.items) {
      expect(item.distance).toBeCloseTo(haversineM(origin, item), 0);
    }
  });

  it('sorts from the centre of the box when no origin is given', async () => {
    const page = await list(`bbox=${CITY_BBOX}&limit=5`);
    const centre = { lat: (CITY.south + CITY.north) / 2, lng: (CITY.west + CITY.east) / 2 };
    for (const item of page.items) expect(item.distance).toBeCloseTo(haversineM(centre, item), 0);
    expect(page.items.length).toBe(5);
  });

  it('pages with a cursor through every place in the box exactly once, matching total', async () => {
    const { items, total, totalIsLowerBound, pages } = await allPages(`bbox=${CITY_BBOX}&limit=97`);
    const expected = await countInDb(`p.public_lat BETWEEN $1 AND $2 AND p.public_lng BETWEEN $3 AND $4`, [
      CITY.south,
      CITY.north,
      CITY.west,
      CITY.east,
    ]);
    // Below the bound the count is exact.
    expect(expected).toBeLessThan(LIST_COUNT_BOUND);
    expect({ total, totalIsLowerBound }).toEqual({ total: expected, totalIsLowerBound: false });
    expect(items).toHaveLength(expected as number);
    expect(new Set(items.map((item) => item.id)).size).toBe(expected);
    expect(pages).toBe(Math.ceil((expected as number) / 97));
    const distances = items.map((item) => item.distance as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const item of items) {
      expect(item.lat).toBeGreaterThanOrEqual(CITY.south);
      expect(item.lat).toBeLessThanOrEqual(CITY.north);
      expect(item.lng).toBeGreaterThanOrEqual(CITY.west);
      expect(item.lng).toBeLessThanOrEqual(CITY.east);
      expect(item.status).toBe('published');
    }
  });

  it('keeps places at the same distance apart by id across page boundaries', async () => {
    // Co-located places share one distance: pages of 1 must still list each once.
    const spot = (
      await t.database.query<{ lat: number; lng: number; n: number }>(
        `SELECT public_lat AS lat, public_lng AS lng, count(*)::int AS n FROM places WHERE status = 'published'
         GROUP BY 1, 2 HAVING count(*) > 2 LIMIT 1`,
      )
    ).rows[0] as { lat: number; lng: number; n: number };
    const box = `${spot.lng - 0.00001},${spot.lat - 0.00001},${spot.lng + 0.00001},${spot.lat + 0.00001}`;
    const { items, total } = await allPages(`bbox=${box}&origin=${spot.lat},${spot.lng}&limit=1`);
    expect(total).toBeGreaterThanOrEqual(spot.n);
    expect(new Set(items.map((item) => item.id)).size).toBe(total);
  });

  it('lists everything in id order without a box or origin, counting only up to 1 000', async () => {
    const { items, total, totalIsLowerBound } = await allPages('limit=100');
    const all = (await countInDb('true')) as number;
    expect(all).toBeGreaterThan(LIST_COUNT_BOUND);
    // Every place is still listed; only the count stops at the bound and says so.
    expect(items).toHaveLength(all);
    expect({ total, totalIsLowerBound }).toEqual({ total: LIST_COUNT_BOUND, totalIsLowerBound: true });
    expect(items.map((item) => item.id)).toEqual([...items.map((item) => item.id)].sort((a, b) => a - b));
    expect(items.every((item) => item.distance === null)).toBe(true);
    expect(items.some((item) => item.name.en === 'Pending place' || item.name.en === 'Rejected place')).toBe(
      false,
    );
  });

  it('filters by category', async () => {
    const { items, total } = await allPages(`bbox=${CITY_BBOX}&category=pharmacy,library&limit=100`);
    expect(items.every((item) => item.category === 'pharmacy' || item.category === 'library')).toBe(true);
    expect(total).toBe(
      await countInDb(
        `c.slug IN ('pharmacy', 'library') AND p.public_lat BETWEEN $1 AND $2 AND p.public_lng BETWEEN $3 AND $4`,
        [CITY.south, CITY.north, CITY.west, CITY.east],
      ),
    );
    expect((await list('category=no-such-thing')).total).toBe(0);
  });

  it('handles a box across the antimeridian (west > east)', async () => {
    const page = await list('bbox=179.5,-17,-179.5,-16');
    expect(page.items.map((item) => item.name.en).sort()).toEqual([
      'East of the date line',
      'West of the date line',
    ]);
    expect(page.total).toBe(2);
    // Centre is on the date line, so both are about equally near.
    for (const item of page.items) expect(item.distance).toBeLessThan(30_000);
  });

  it('never shows the exact position of a coarsened place, nor a distance that would reveal it', async () => {
    const exact = { lat: 45.81234, lng: 15.97654 };
    const { items } = await allPages(`bbox=${CITY_BBOX}&origin=${exact.lat},${exact.lng}&limit=100`);
    const safe = items.find((item) => item.name.en === 'Safe house') as PlaceListItem;
    expect(safe.locationPrivacy).toBe('1km');
    expect(safe.lat).not.toBe(exact.lat);
    expect(safe.lng).not.toBe(exact.lng);
    expect(haversineM(exact, safe)).toBeLessThan(1000);
    expect(safe.distance).toBeGreaterThan(0);
    const detail = Place.parse(
      (await t.app.inject({ method: 'GET', url: `/api/v1/places/${safe.id}` })).json(),
    );
    expect([detail.lat, detail.lng]).toEqual([safe.lat, safe.lng]);
  });

  it.each([
    ['limit above 100', 'limit=101'],
    ['limit 0', 'limit=0'],
    ['limit not a number', 'limit=lots'],
    ['a cursor that is not ours', 'cursor=bm90LWEtY3Vyc29y'],
    ['a cursor with NUL', 'cursor=abc%00'],
    [
      'an id-order cursor on a distance list',
      `bbox=${CITY_BBOX}&cursor=${Buffer.from('{"d":null,"i":5}').toString('base64url')}`,
    ],
    ['a distance cursor on an id-order list', `cursor=${Buffer.from('{"d":5,"i":5}').toString('base64url')}`],
    ['a bad origin', 'origin=45.8'],
    ['an origin out of range', 'origin=91,16'],
    ['a bbox with NaN', 'bbox=NaN,1,2,3'],
  ])('answers 400 for %s', async (_label, query) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/places?${query}` });
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(response.json()).error.code).toBe('validation_error');
  });

  it('gives one published place with all its fields', async () => {
    const first = (await list(`bbox=${CITY_BBOX}&limit=1`)).items[0] as PlaceListItem;
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/places/${first.id}` });
    expect(response.statusCode).toBe(200);
    const place = Place.parse(response.json());
    const { distance: _distance, ...withoutDistance } = first;
    expect(place).toEqual(withoutDistance);
    expect(place.name.hr ?? place.name.en).toBeTruthy();
  });

  it('answers 404 for a place that does not exist or is not published', async () => {
    const hidden = (
      await t.database.query<{ id: number }>(`SELECT id FROM places WHERE status <> 'published' ORDER BY id`)
    ).rows;
    expect(hidden).toHaveLength(2);
    for (const id of [...hidden.map((row) => row.id), 987_654_321]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/places/${id}` });
      expect(response.statusCode).toBe(404);
      expect(ErrorBody.parse(response.json()).error.code).toBe('not_found');
    }
  });

  it.each(['abc', '0', '-1', '1.5', '1%00', '9999999999999999', '1e3', '%20'])(
    'answers 400 for the place id %s',
    async (id) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/places/${id}` });
      expect(response.statusCode).toBe(400);
      expect(ErrorBody.parse(response.json()).error.code).toBe('validation_error');
    },
  );
});
