import {
  Category,
  type CategoryField,
  MapResponse,
  OwnPlace,
  PlaceList,
  PlaceSuggestions,
} from '@karta/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeFollower } from '../src/map-index/change-follower.ts';
import { postJson, signedInUser } from './support/auth.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;
type Values = Record<string, string | number | boolean | string[]>;

const ACCESS = ['yes', 'customers', 'private'] as const;
const LANGUAGES = ['hr', 'en', 'de', 'uk'] as const;
const label = (en: string) => ({ en });

const AED_FIELDS: CategoryField[] = [
  { key: 'indoor', type: 'boolean', label: label('Indoor'), filterable: true },
  {
    key: 'access',
    type: 'enum',
    label: label('Access'),
    filterable: true,
    options: ACCESS.map((value) => ({ value, label: label(value) })),
  },
  { key: 'level', type: 'integer', label: label('Floor'), filterable: true },
  { key: 'inspected', type: 'date', label: label('Inspected'), filterable: true },
  { key: 'note', type: 'text', label: label('Note') },
];
const FOOD_FIELDS: CategoryField[] = [
  { key: 'indoor', type: 'boolean', label: label('Indoor'), filterable: true },
  {
    key: 'languages',
    type: 'multi_enum',
    label: label('Languages'),
    filterable: true,
    options: LANGUAGES.map((value) => ({ value, label: label(value) })),
  },
];

/** The box every generated place is in, and the whole of it at several zooms. */
const BOX = { west: 15.8, south: 45.7, east: 16.2, north: 45.95 };
const BBOX = `${BOX.west},${BOX.south},${BOX.east},${BOX.north}`;
const PLACES = 10_000;

/** A small deterministic generator (mulberry32), so a failure names data that comes back. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Generated {
  category: 'aed' | 'food';
  published: boolean;
  extra: Values;
}

function generate(count: number): Generated[] {
  const next = random(31);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  return Array.from({ length: count }, () => {
    const category = next() < 0.6 ? 'aed' : 'food';
    const extra: Values = {};
    if (next() < 0.8) extra.indoor = next() < 0.5;
    if (category === 'aed') {
      if (next() < 0.7) extra.access = pick(ACCESS);
      if (next() < 0.5) extra.level = Math.floor(next() * 9) - 2;
      if (next() < 0.4) extra.inspected = `2026-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 9)}`;
      if (next() < 0.3) extra.note = 'Ring the bell';
    } else if (next() < 0.7) {
      extra.languages = LANGUAGES.filter(() => next() < 0.4);
      if ((extra.languages as string[]).length === 0) delete extra.languages;
    }
    return { category, published: next() < 0.9, extra };
  });
}

/** One field's filter as the test states it, independently of the server's reading. */
interface Filter {
  key: 'indoor' | 'access' | 'level' | 'inspected' | 'languages';
  values?: string[];
  min?: string;
  max?: string;
}

/** Whether generated values pass a filter: the rule written out again, as a reader would expect it. */
function passes(place: Generated, filter: Filter): boolean {
  const value = place.extra[filter.key];
  if (value === undefined) return false;
  if (filter.values) {
    const asText = Array.isArray(value) ? value : [String(value)];
    if (!asText.some((item) => filter.values?.includes(item))) return false;
  }
  const below = (bound: string) =>
    typeof value === 'number' ? value < Number(bound) : String(value) < bound;
  const above = (bound: string) =>
    typeof value === 'number' ? value > Number(bound) : String(value) > bound;
  if (filter.min !== undefined && below(filter.min)) return false;
  if (filter.max !== undefined && above(filter.max)) return false;
  return true;
}

const query = (filters: readonly Filter[]) =>
  filters
    .flatMap((filter) => [
      ...(filter.values ? [`f.${filter.key}=${filter.values.join(',')}`] : []),
      ...(filter.min !== undefined ? [`f.${filter.key}.min=${filter.min}`] : []),
      ...(filter.max !== undefined ? [`f.${filter.key}.max=${filter.max}`] : []),
    ])
    .join('&');

const filterArbitrary: fc.Arbitrary<Filter> = fc.oneof(
  fc.subarray(['true', 'false'], { minLength: 1 }).map((values) => ({ key: 'indoor' as const, values })),
  fc.subarray([...ACCESS], { minLength: 1 }).map((values) => ({ key: 'access' as const, values })),
  fc.subarray([...LANGUAGES], { minLength: 1 }).map((values) => ({ key: 'languages' as const, values })),
  fc
    .tuple(fc.integer({ min: -3, max: 7 }), fc.integer({ min: 0, max: 5 }))
    .map(([min, span]) => ({ key: 'level' as const, min: String(min), max: String(min + span) })),
  fc.integer({ min: -2, max: 6 }).map((level) => ({ key: 'level' as const, values: [String(level)] })),
  fc.integer({ min: 1, max: 9 }).map((month) => ({ key: 'inspected' as const, min: `2026-0${month}-15` })),
);

describe.skipIf(!databaseAvailable)(`filters on field values, exact on the map (${dbKind})`, () => {
  let t: TestApp;
  let moderator: User;
  let places: (Generated & { id: number; lat: number; lng: number })[];
  let aedId: number;
  let follower: ChangeFollower;

  const get = async (url: string) => t.app.inject({ method: 'GET', url });
  const mapTotal = async (filters: string, zoom: number, extra = '') => {
    const response = await get(`/api/v1/map?bbox=${BBOX}&zoom=${zoom}&${filters}${extra}`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = MapResponse.parse(response.json());
    return answer.clusters.reduce((sum, cluster) => sum + cluster.count, 0) + answer.places.length;
  };

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    moderator = await signedInUser(t.app, 'moderator');
    const create = async (slug: string, fields: CategoryField[]) => {
      const response = await postJson(
        t.app,
        '/api/v1/categories',
        { slug, name: { en: slug }, color: '#15803d', icon: 'heart-pulse', fields },
        { headers: moderator.headers },
      );
      expect(response.statusCode, response.body).toBe(201);
      return Category.parse(response.json()).id;
    };
    aedId = await create('defibrillator', AED_FIELDS);
    const foodId = await create('food-bank', FOOD_FIELDS);
    const generated = generate(PLACES);
    const next = random(7);
    places = [];
    for (let start = 0; start < generated.length; start += 1000) {
      const batch = generated.slice(start, start + 1000);
      const positions = batch.map(() => ({
        lat: BOX.south + 0.01 + next() * (BOX.north - BOX.south - 0.02),
        lng: BOX.west + 0.01 + next() * (BOX.east - BOX.west - 0.02),
      }));
      const { rows } = await t.database.query<{ id: number }>(
        `INSERT INTO places (category_id, name, description, primary_language, lat, lng, location_privacy,
           status, published_at, extra)
         SELECT r.category_id, jsonb_build_object('en', 'Place ' || r.n), '{}', 'en', r.lat, r.lng, 'exact',
           r.status, now(), r.extra
         FROM jsonb_to_recordset($1::jsonb) AS r(n int, category_id int, lat float8, lng float8, status text, extra jsonb)
         ORDER BY r.n
         RETURNING id`,
        [
          JSON.stringify(
            batch.map((place, i) => ({
              n: start + i,
              category_id: place.category === 'aed' ? aedId : foodId,
              ...positions[i],
              status: place.published ? 'published' : 'pending',
              extra: place.extra,
            })),
          ),
        ],
      );
      for (const [i, row] of rows.entries()) {
        const { lat, lng } = positions[i] as { lat: number; lng: number };
        places.push({ ...(batch[i] as Generated), id: Number(row.id), lat, lng });
      }
    }
    await t.mapIndex.rebuild();
    // As the server does: changes reach the map through the change log.
    follower = new ChangeFollower(t.database, t.mapIndex);
    follower.start();
  }, 120_000);
  afterAll(async () => {
    await follower?.stop();
    await t?.close();
  });

  it('counts on the map exactly the published places a random filter matches, at every zoom', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(filterArbitrary, { minLength: 1, maxLength: 3, selector: (f) => f.key }),
        async (filters) => {
          const expected = places.filter(
            (place) => place.published && filters.every((filter) => passes(place, filter)),
          ).length;
          const wire = query(filters);
          for (const zoom of [3, 9, 12, 15])
            expect(await mapTotal(wire, zoom), `${wire} at ${zoom}`).toBe(expected);
          const listed = await get(`/api/v1/places?bbox=${BBOX}&limit=1&${wire}`);
          expect(listed.statusCode, listed.body).toBe(200);
          const list = PlaceList.parse(listed.json());
          expect(list.total).toBe(Math.min(expected, 1000));
        },
      ),
      { numRuns: 25, seed: 4242 },
    );
  }, 120_000);

  it('counts a list in any box as the places in it, a place on an edge included', async () => {
    // Boxes whose corners are places: those two stand exactly on its edges.
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(filterArbitrary, { minLength: 0, maxLength: 2, selector: (f) => f.key }),
        fc.nat({ max: PLACES - 1 }),
        fc.nat({ max: PLACES - 1 }),
        async (filters, a, b) => {
          const [one, other] = [places[a], places[b]] as [(typeof places)[number], (typeof places)[number]];
          const box = {
            west: Math.min(one.lng, other.lng),
            south: Math.min(one.lat, other.lat),
            east: Math.max(one.lng, other.lng),
            north: Math.max(one.lat, other.lat),
          };
          const expected = places.filter(
            (place) =>
              place.published &&
              place.lng >= box.west &&
              place.lng <= box.east &&
              place.lat >= box.south &&
              place.lat <= box.north &&
              filters.every((filter) => passes(place, filter)),
          ).length;
          const bbox = `${box.west},${box.south},${box.east},${box.north}`;
          const listed = await get(`/api/v1/places?bbox=${bbox}&limit=1&${query(filters)}`);
          expect(listed.statusCode, listed.body).toBe(200);
          const list = PlaceList.parse(listed.json());
          expect(list.total, `${bbox} ${query(filters)}`).toBe(Math.min(expected, 1000));
          expect(list.totalIsLowerBound).toBe(expected > 1000);
        },
      ),
      { numRuns: 40, seed: 2911 },
    );
  }, 120_000);

  it('counts in a list a place published a moment before', async () => {
    const target = places.find((place) => !place.published && place.extra.indoor === true);
    if (!target) throw new Error('no pending place to publish');
    const near = [target.lng - 0.01, target.lat - 0.01, target.lng + 0.01, target.lat + 0.01];
    const url = `/api/v1/places?bbox=${near.join(',')}&limit=1&f.indoor=true`;
    const before = PlaceList.parse((await get(url)).json()).total;
    expect(before).toBeLessThan(1000);
    await t.database.query(`UPDATE places SET status = 'published' WHERE id = $1`, [target.id]);
    expect(PlaceList.parse((await get(url)).json()).total).toBe(before + 1);
    await t.database.query(`UPDATE places SET status = 'pending' WHERE id = $1`, [target.id]);
    expect(PlaceList.parse((await get(url)).json()).total).toBe(before);
  });

  it('combines filters with a category, and within one field takes any of the values', async () => {
    const both = places.filter(
      (place) => place.published && place.category === 'food' && place.extra.indoor !== undefined,
    ).length;
    expect(await mapTotal('f.indoor=true&f.indoor=false', 10, '&category=food-bank')).toBe(both);
    expect(await mapTotal('f.indoor=true,false', 10, '&category=food-bank')).toBe(both);
  });

  it('filters the list, search suggestions and the map of a search alike', async () => {
    const expected = places.filter(
      (place) => place.published && place.extra.access === 'customers' && place.extra.indoor === true,
    );
    const list = PlaceList.parse(
      (await get(`/api/v1/places?bbox=${BBOX}&limit=100&f.access=customers&f.indoor=true`)).json(),
    );
    expect(list.total).toBe(expected.length);
    for (const item of list.items) expect(item.extra).toMatchObject({ access: 'customers', indoor: true });
    const searched = MapResponse.parse(
      (await get(`/api/v1/map?bbox=${BBOX}&zoom=10&q=place&f.access=customers&f.indoor=true`)).json(),
    );
    expect(searched.matches?.total).toBe(Math.min(expected.length, 1000));
    const suggestions = PlaceSuggestions.parse(
      (await get('/api/v1/places/suggestions?q=place&limit=10&f.access=customers&f.indoor=true')).json(),
    );
    expect(suggestions.items.length).toBeGreaterThan(0);
    for (const item of suggestions.items)
      expect(item.extra).toMatchObject({ access: 'customers', indoor: true });
  });

  it('combines with open now on the map as in the list', async () => {
    await t.database.query(
      `UPDATE places SET opening_hours = CASE WHEN id % 2 = 0 THEN '24/7' ELSE 'off' END WHERE id % 3 = 0`,
    );
    await t.mapIndex.rebuild();
    const wire = 'f.indoor=true&openNow=true';
    const list = PlaceList.parse((await get(`/api/v1/places?bbox=${BBOX}&limit=1&${wire}`)).json());
    expect(list.total).toBeGreaterThan(0);
    expect(await mapTotal(wire, 11)).toBe(list.total);
  });

  it('refuses a filter no field can take, naming it', async () => {
    const cases: [string, string][] = [
      ['f.__proto__=x', 'f.(__proto__)'],
      ['f.wheelchair=yes', 'f.wheelchair'],
      ['f.note=bell', 'f.note'],
      ['f.access=everyone', 'f.access'],
      ['f.indoor=yes', 'f.indoor'],
      ['f.indoor.min=1', 'f.indoor.min'],
      ['f.level=two', 'f.level'],
      ['f.inspected.min=2026-02-30', 'f.inspected.min'],
      ['f.Bad=1', 'f.Bad'],
    ];
    for (const [wire, path] of cases) {
      const response = await get(`/api/v1/map?bbox=${BBOX}&zoom=10&${wire}`);
      expect(response.statusCode, wire).toBe(400);
      const details = (response.json() as { error: { details: { path: string }[] } }).error.details;
      expect(details.map((detail) => detail.path)).toContain(path);
    }
  });

  it('shows a changed value on the filtered map within a second', async () => {
    const target = places.find(
      (place) => place.published && place.category === 'aed' && place.extra.access !== 'private',
    );
    if (!target) throw new Error('no place to change');
    const before = await mapTotal('f.access=private', 12);
    const current = OwnPlace.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/v1/places/${target.id}`, headers: moderator.headers })
      ).json(),
    );
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/places/${target.id}`,
      headers: { 'content-type': 'application/json', ...moderator.headers },
      payload: { version: current.version, extra: { ...current.extra, access: 'private' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const sent = Date.now();
    let after = before;
    while (after === before && Date.now() - sent < 3000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await mapTotal('f.access=private', 12);
    }
    expect(after).toBe(before + 1);
    expect(Date.now() - sent).toBeLessThan(1500);
  });

  it('leaves out values of a category that has the key without filtering on it', async () => {
    const before = await mapTotal('f.indoor=true', 10);
    const response = await postJson(
      t.app,
      '/api/v1/categories',
      {
        slug: 'shelter',
        name: { en: 'Shelter' },
        color: '#6d28d9',
        icon: 'house',
        fields: [{ key: 'indoor', type: 'boolean', label: label('Indoor') }],
      },
      { headers: moderator.headers },
    );
    expect(response.statusCode, response.body).toBe(201);
    const shelterId = Category.parse(response.json()).id;
    await t.database.query(
      `INSERT INTO places (category_id, name, description, primary_language, lat, lng, location_privacy, status,
         published_at, extra)
       SELECT $1, '{"en": "Shelter"}', '{}', 'en', 45.8 + g * 0.001, 15.95, 'exact', 'published', now(), '{"indoor": true}'
       FROM generate_series(1, 5) AS g`,
      [shelterId],
    );
    await t.mapIndex.rebuild();
    expect(await mapTotal('f.indoor=true', 10)).toBe(before);
    const shelters = PlaceList.parse((await get('/api/v1/places?category=shelter&limit=1')).json());
    expect(shelters.total).toBe(5);
    const filtered = PlaceList.parse(
      (await get('/api/v1/places?category=shelter&limit=1&f.indoor=true')).json(),
    );
    expect(filtered.total).toBe(0);
    expect(await mapTotal('f.indoor=true', 10, '&category=shelter')).toBe(0);
  });

  it('stops offering a field’s filter once it is no longer filterable', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/categories/${aedId}`,
      headers: { 'content-type': 'application/json', ...moderator.headers },
      payload: {
        fields: AED_FIELDS.map((field) => (field.key === 'level' ? { ...field, filterable: false } : field)),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await get(`/api/v1/map?bbox=${BBOX}&zoom=10&f.level=1`)).statusCode).toBe(400);
  });
});
