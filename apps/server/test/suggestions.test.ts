import { ErrorBody, LIST_COUNT_BOUND, PlaceList, PlaceSuggestions } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

const ZAGREB = { lat: 45.813, lng: 15.977 };
/** More "Ljekarna …" places than suggestions rank exactly, so the nearest-first path answers. */
const COMMON_COUNT = 2_100;

interface Fixture {
  key: string;
  name: Record<string, string>;
  address?: string;
  category?: 'market' | 'pharmacy';
  at: { lat: number; lng: number };
  status?: 'published' | 'pending';
}

const FIXTURES: Fixture[] = [
  {
    key: 'by-address',
    name: { hr: 'Kavana Lotrščak' },
    address: 'Cvjetni trg 3',
    at: { lat: 45.814, lng: 15.973 },
  },
  { key: 'precvjetnica', name: { hr: 'Precvjetnica' }, at: { lat: 45.805, lng: 15.96 } },
  { key: 'stari-cvjetni', name: { hr: 'Stari CVJETNI sajam' }, at: { lat: 45.82, lng: 15.99 } },
  { key: 'cvjetni-put', name: { hr: 'Cvjetni put' }, at: { lat: 43.508, lng: 16.44 } },
  { key: 'cvjetni-trg', name: { hr: 'Cvjetni trg', en: 'Flower Square' }, at: { lat: 45.8115, lng: 15.975 } },
  { key: 'kolodvor', name: { hr: 'Željeznički kolodvor' }, at: { lat: 45.8045, lng: 15.978 } },
  { key: 'pending', name: { hr: 'Cvjetni kutak' }, status: 'pending', at: ZAGREB },
  { key: 'nearest-pharmacy', name: { hr: 'Ljekarna Kod Sata' }, category: 'pharmacy', at: ZAGREB },
];

describe.skipIf(!databaseAvailable)(`GET /api/v1/places/suggestions (${dbKind})`, () => {
  let t: TestApp;
  const ids = new Map<string, number>();
  const keyOf = (id: number) => [...ids].find(([, value]) => value === id)?.[0] ?? `#${id}`;

  const get = async (path: string) =>
    t.app.inject({ method: 'GET', url: path, remoteAddress: nextAddress() });
  const suggest = async (query: string) => {
    const response = await get(`/api/v1/places/suggestions?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return PlaceSuggestions.parse(response.json()).items;
  };
  const keys = async (query: string) => (await suggest(query)).map((item) => keyOf(item.id));

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    const categories = await t.database.query<{ id: number; slug: string }>(
      `INSERT INTO categories (slug, name, color, icon) VALUES
         ('market', '{"en": "Market"}', '#6d28d9', 'store'), ('pharmacy', '{"en": "Pharmacy"}', '#15803d', 'pill')
       RETURNING id, slug`,
    );
    const categoryId = new Map(categories.rows.map((row) => [row.slug, row.id]));
    for (const f of FIXTURES) {
      const at = f.at;
      const id = await insertPlace(t.database, {
        status: f.status ?? 'published',
        authorId: null,
        categoryId: categoryId.get(f.category ?? 'market'),
        name: f.name,
        address: f.address,
        lat: at.lat,
        lng: at.lng,
      });
      ids.set(f.key, id);
    }
    // A ring of pharmacies 1–60 km around Zagreb: "lje" matches far more than are ranked exactly.
    await t.database.query(
      `INSERT INTO places (category_id, name, description, primary_language, lat, lng, status, published_at)
       SELECT (SELECT id FROM categories WHERE slug = 'pharmacy'), jsonb_build_object('hr', 'Ljekarna ' || n),
              '{}'::jsonb, 'hr', $1 + (0.01 + n * 0.00025) * sin(n), $2 + (0.01 + n * 0.00025) * cos(n), 'published', now()
       FROM generate_series(1, $3::int) AS n`,
      [ZAGREB.lat, ZAGREB.lng, COMMON_COUNT],
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('puts names beginning with the text first, nearest first, then words of names, then other matches', async () => {
    expect(await keys(`q=cvjetni&origin=${ZAGREB.lat},${ZAGREB.lng}&limit=10`)).toEqual([
      'cvjetni-trg',
      'cvjetni-put',
      'stari-cvjetni',
      'precvjetnica',
      'by-address',
    ]);
    // Without an origin, ties go by id: the Split one was inserted first.
    expect((await keys('q=cvjetni&limit=2')).sort()).toEqual(['cvjetni-put', 'cvjetni-trg']);
  });

  it('ignores case and diacritics, searches every language, and never suggests a place visitors cannot see', async () => {
    expect(await keys('q=ZELJEZNICKI')).toEqual(['kolodvor']);
    expect(await keys(`q=${encodeURIComponent('željez')}`)).toEqual(['kolodvor']);
    expect(await keys('q=flower')).toEqual(['cvjetni-trg']);
    expect(await keys('q=kutak')).toEqual([]);
  });

  it('gives the nearest matches of a prefix that matches thousands, and keeps to the limit', async () => {
    const origin = `${ZAGREB.lat},${ZAGREB.lng}`;
    const items = await suggest(`q=lje&origin=${origin}&limit=5`);
    expect(items).toHaveLength(5);
    expect(keyOf(items[0]?.id as number)).toBe('nearest-pharmacy');
    // The five nearest places whose name begins with "lje", measured the slow way.
    const nearest = await t.database.query<{ id: number }>(
      `SELECT id FROM places WHERE status = 'published' AND name->>'hr' LIKE 'Ljekarna%'
       ORDER BY 2 * 6371008.8 * asin(sqrt(power(sin(radians(public_lat - $1) / 2), 2)
         + cos(radians($1)) * cos(radians(public_lat)) * power(sin(radians(public_lng - $2) / 2), 2))), id
       LIMIT 5`,
      [ZAGREB.lat, ZAGREB.lng],
    );
    expect(items.map((item) => item.id)).toEqual(nearest.rows.map((row) => row.id));
    // The list counts them up to its bound, and says there are more.
    const response = await get(`/api/v1/places?q=lje&origin=${origin}&limit=5`);
    const listed = PlaceList.parse(response.json());
    expect(listed.items.map((item) => item.id)).toEqual(items.map((item) => item.id));
    expect(listed).toMatchObject({ total: LIST_COUNT_BOUND, totalIsLowerBound: true });
    const distances = items.map((item) => item.distance ?? Number.NaN);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('filters by category', async () => {
    expect(await keys(`q=ljekarna%20kod&category=pharmacy`)).toEqual(['nearest-pharmacy']);
    expect(await keys(`q=ljekarna%20kod&category=market`)).toEqual([]);
  });

  it('refuses text with nothing to search for and limits out of range, with field details', async () => {
    for (const query of [
      'q=',
      'q=%25%25',
      `q=${'x'.repeat(101)}`,
      'q=ab&limit=0',
      'q=ab&limit=11',
      'limit=3',
    ]) {
      const response = await get(`/api/v1/places/suggestions?${query}`);
      expect(response.statusCode, query).toBe(400);
      const details = JSON.stringify(ErrorBody.parse(response.json()).error.details);
      expect(details, query).toMatch(/"(q|limit)"/);
    }
  });
});
