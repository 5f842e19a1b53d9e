import { ErrorBody, PlaceList, type PlaceListItem } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prng } from '../src/demo-data/prng.ts';
import { haversineM } from './support/geo.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/** Clumps of places at several latitudes: the equator, Zagreb, the Arctic, both poles, and both sides of the antimeridian. */
const CENTRES = [
  { lat: 45.8, lng: 16.0 },
  { lat: 0, lng: 0 },
  { lat: 0.2, lng: 179.97 },
  { lat: -33.9, lng: -179.98 },
  { lat: 65.5, lng: 179.9 },
  { lat: 70, lng: 25 },
  { lat: 85, lng: -40 },
  { lat: 89.97, lng: 10 },
  { lat: -89.95, lng: -120 },
];
const PLACES_PER_CENTRE = 350;
const wrapLng = (lng: number) => (lng > 180 ? lng - 360 : lng < -180 ? lng + 360 : lng);
const clampLat = (lat: number) => Math.max(-90, Math.min(90, lat));

/** A point about `km` (up to) from `centre`, with a spread that keeps clumps dense near the middle. */
function around(random: () => number, centre: { lat: number; lng: number }, km: number) {
  const spread = km * random() ** 2;
  const angle = random() * 2 * Math.PI;
  const dLat = (spread * Math.cos(angle)) / 111.2;
  const lat = clampLat(centre.lat + dLat);
  const dLng = (spread * Math.sin(angle)) / (111.2 * Math.max(Math.cos((lat * Math.PI) / 180), 0.01));
  return {
    lat: Number(lat.toFixed(6)),
    lng: Number(wrapLng(centre.lng + Math.max(-170, Math.min(170, dLng))).toFixed(6)),
  };
}

interface RefPlace {
  id: number;
  lat: number;
  lng: number;
  radius: number | null;
  category: string;
}

describe.skipIf(!databaseAvailable)(
  `GET /api/v1/places?near= and ?covers= against a brute-force reference (${dbKind})`,
  () => {
    let t: TestApp;
    let reference: RefPlace[];
    // The demo data's seeded generator: the same places and questions on every run.
    const prng = new Prng(20_261_122);
    const random = () => prng.next();

    const list = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/places?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return PlaceList.parse(response.json());
    };
    const allPages = async (query: string, limit = 100) => {
      const items: PlaceListItem[] = [];
      let cursor: string | null = null;
      let total = -1;
      let pages = 0;
      do {
        const page: PlaceList = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        items.push(...page.items);
        total = page.total;
        cursor = page.nextCursor;
        pages += 1;
        expect(pages).toBeLessThan(500);
      } while (cursor);
      return { items, total };
    };

    /** The reference answer, nearest first then by id; places within a micrometre of the edge may go either way. */
    const expected = (point: { lat: number; lng: number }, reach: (place: RefPlace) => number | null) => {
      const rows = reference
        .map((place) => ({ place, distance: haversineM(point, place), reach: reach(place) }))
        .filter((row) => row.reach !== null && row.distance <= row.reach + 1e-6);
      const borderline = new Set(
        rows.filter((row) => Math.abs(row.distance - (row.reach ?? 0)) <= 1e-6).map((row) => row.place.id),
      );
      rows.sort((a, b) => a.distance - b.distance || a.place.id - b.place.id);
      return { ids: rows.map((row) => row.place.id), borderline };
    };
    const compare = (
      got: PlaceListItem[],
      want: { ids: number[]; borderline: Set<number> },
      label: string,
    ) => {
      const keep = (id: number) => !want.borderline.has(id);
      expect(got.map((item) => item.id).filter(keep), label).toEqual(want.ids.filter(keep));
    };

    beforeAll(async () => {
      t = await startTestApp({ demo: false });
      await t.database.query(
        `INSERT INTO categories (slug, name, color, icon) VALUES
         ('water', '{"en": "Water"}', '#1d4ed8', 'drop'), ('shelter', '{"en": "Shelter"}', '#6d28d9', 'house')`,
      );
      const rows: unknown[][] = [];
      for (const centre of CENTRES) {
        for (let i = 0; i < PLACES_PER_CENTRE; i += 1) {
          const at = around(random, centre, 60);
          const roll = random();
          const privacy = roll < 0.8 ? 'exact' : roll < 0.9 ? '100m' : '1km';
          // Half without a radius; the rest from 1 m to 100 km, evenly on a log scale.
          const radius = random() < 0.5 ? null : Math.round(10 ** (random() * 5));
          const status = random() < 0.9 ? 'published' : 'pending';
          rows.push([at.lat, at.lng, privacy, radius, status, random() < 0.5 ? 'water' : 'shelter']);
        }
      }
      await t.database.query(
        `INSERT INTO places (name, primary_language, category_id, lat, lng, location_privacy, radius, status, published_at)
       SELECT jsonb_build_object('en', 'Place ' || ordinality), 'en', c.id, v.lat, v.lng, v.privacy, v.radius, v.status,
              CASE WHEN v.status = 'published' THEN now() END
       FROM unnest($1::float8[], $2::float8[], $3::text[], $4::float8[], $5::text[], $6::text[])
         WITH ORDINALITY AS v(lat, lng, privacy, radius, status, category)
       JOIN categories c ON c.slug = v.category`,
        [0, 1, 2, 3, 4, 5].map((column) => rows.map((row) => row[column])),
      );
      // Measured at the public position: the reference reads it, never the exact one.
      reference = (
        await t.database.query<RefPlace>(
          `SELECT p.id, p.public_lat AS lat, p.public_lng AS lng, p.radius, c.slug AS category
         FROM places p JOIN categories c ON c.id = p.category_id WHERE p.status = 'published'`,
        )
      ).rows;
      expect(reference.length).toBeGreaterThan(2500);
    });
    afterAll(async () => {
      await t?.close();
    });

    /** Questions near the clumps (and some right at the antimeridian and the poles). */
    const questionPoints = () => [
      ...CENTRES.flatMap((centre) => [centre, around(random, centre, 30), around(random, centre, 80)]),
      { lat: 0.2, lng: 180 },
      { lat: 0.2, lng: -180 },
      { lat: 90, lng: 0 },
      { lat: -90, lng: 45 },
    ];

    it('near: exactly the published places within the radius, nearest first, with their distance', async () => {
      let nonEmpty = 0;
      for (const point of questionPoints()) {
        for (const radius of [250, 1000, 5000, 10_000, 50_000]) {
          const query = `near=${point.lat},${point.lng}&radius=${radius}`;
          const { items, total } = await allPages(query);
          const want = expected(point, () => radius);
          compare(items, want, query);
          expect(total, query).toBe(items.length);
          for (const item of items.slice(0, 20)) {
            expect(item.distance ?? -1).toBeCloseTo(haversineM(point, item), 0);
            expect(item.distance ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(radius + 0.1);
          }
          if (items.length > 0) nonEmpty += 1;
        }
      }
      // The questions really found places, across the latitudes.
      expect(nonEmpty).toBeGreaterThan(60);
    });

    it('covers: exactly the published places whose own radius reaches the point, nearest first', async () => {
      let found = 0;
      for (const point of questionPoints()) {
        const query = `covers=${point.lat},${point.lng}`;
        const { items, total } = await allPages(query);
        compare(
          items,
          expected(point, (place) => place.radius),
          query,
        );
        expect(total, query).toBe(items.length);
        found += items.length;
      }
      expect(found).toBeGreaterThan(300);
    });

    it('pages through near results in small pages without skips or repeats', async () => {
      const point = CENTRES[2] as { lat: number; lng: number };
      const query = `near=${point.lat},${point.lng}&radius=50000`;
      const whole = expected(point, () => 50_000);
      expect(whole.ids.length).toBeGreaterThan(150);
      const { items } = await allPages(query, 7);
      expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
      compare(items, whole, query);
    });

    it('combines near and covers with category and bbox', async () => {
      const point = CENTRES[0] as { lat: number; lng: number };
      const bbox = { west: 15.9, south: 45.7, east: 16.3, north: 46.0 };
      const inBox = (place: RefPlace) =>
        place.lng >= bbox.west &&
        place.lng <= bbox.east &&
        place.lat >= bbox.south &&
        place.lat <= bbox.north;
      const box = `${bbox.west},${bbox.south},${bbox.east},${bbox.north}`;
      const near = await allPages(`near=${point.lat},${point.lng}&radius=50000&category=water&bbox=${box}`);
      const wantNear = expected(point, (place) =>
        place.category === 'water' && inBox(place) ? 50_000 : null,
      );
      expect(wantNear.ids.length).toBeGreaterThan(20);
      compare(near.items, wantNear, 'near + category + bbox');
      const covers = await allPages(`covers=${point.lat},${point.lng}&category=shelter`);
      compare(
        covers.items,
        expected(point, (place) => (place.category === 'shelter' ? place.radius : null)),
        'covers + category',
      );
    });

    it('walks more than 1 000 matches nearest first, counting them as 1 000+ (covers and near)', async () => {
      // A spot more than 100 km from every clump, with 1 200 places whose radius reaches it and
      // 300 beside them that do not: past the count bound, so covers walks instead of sorting.
      const spot = { lat: 30, lng: -100 };
      const rows: [number, number, number | null][] = [];
      for (let i = 0; i < 1500; i += 1) {
        const at = around(random, spot, 40);
        const distance = haversineM(spot, at);
        rows.push([
          at.lat,
          at.lng,
          i < 1200 ? Math.ceil(distance) + 1 + Math.round(random() * 50_000) : null,
        ]);
      }
      await t.database.query(
        `INSERT INTO places (name, primary_language, category_id, lat, lng, radius, status, published_at)
         SELECT jsonb_build_object('en', 'Far ' || ordinality), 'en', (SELECT id FROM categories WHERE slug = 'water'),
                v.lat, v.lng, v.radius, 'published', now()
         FROM unnest($1::float8[], $2::float8[], $3::float8[]) WITH ORDINALITY AS v(lat, lng, radius)`,
        [0, 1, 2].map((column) => rows.map((row) => row[column])),
      );
      const local = (
        await t.database.query<RefPlace>(
          `SELECT p.id, p.public_lat AS lat, p.public_lng AS lng, p.radius, 'water' AS category
           FROM places p WHERE p.status = 'published' AND p.name->>'en' LIKE 'Far %'`,
        )
      ).rows;
      reference = [...reference, ...local];
      for (const [query, reach] of [
        [`covers=${spot.lat},${spot.lng}`, (place: RefPlace) => place.radius],
        [`near=${spot.lat},${spot.lng}&radius=30000`, () => 30_000],
      ] as const) {
        const want = expected(spot, reach);
        expect(want.ids.length, query).toBeGreaterThan(1000);
        const first = await list(`${query}&limit=100`);
        expect({ total: first.total, totalIsLowerBound: first.totalIsLowerBound }, query).toEqual({
          total: 1000,
          totalIsLowerBound: true,
        });
        for (const limit of [100, 37]) {
          const { items } = await allPages(query, limit);
          expect(new Set(items.map((item) => item.id)).size, query).toBe(items.length);
          compare(items, want, `${query} in pages of ${limit}`);
        }
      }
    });

    it('refuses bad or conflicting values with field details', async () => {
      const cases: [string, string][] = [
        ['near=45.8,16', 'radius'],
        ['radius=500', 'near'],
        ['near=45.8,16&radius=0', 'radius'],
        ['near=45.8,16&radius=50001', 'radius'],
        ['near=45.8,16&radius=1.5', 'radius'],
        ['near=91,16&radius=500', 'near'],
        ['near=45.8&radius=500', 'near'],
        ['covers=45.8,181', 'covers'],
        ['covers=45.8,16&near=45.8,16&radius=100', 'covers'],
        ['covers=45.8,16&origin=45.8,16', 'origin'],
      ];
      for (const [query, field] of cases) {
        const response = await t.app.inject({ method: 'GET', url: `/api/v1/places?${query}` });
        expect(response.statusCode, query).toBe(400);
        const body = ErrorBody.parse(response.json());
        expect(JSON.stringify(body.error.details), query).toContain(field);
      }
    });
  },
);
