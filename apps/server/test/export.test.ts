import { type Category, csvColumns, EXPORT_ONLY_COLUMNS, type Extra, PlaceList } from '@karta/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, signedInUser } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

interface Feature {
  type: 'Feature';
  geometry: { type: string; coordinates: [number, number] };
  properties: Record<string, string | number | null> & { extra?: Extra };
}

/** An exact position far from the demo places (Split), whose digits are easy to spot in any answer. */
const HIDDEN = { lat: 43.5081917, lng: 16.4401473 };
const DIGITS = [String(HIDDEN.lat).slice(0, 7), String(HIDDEN.lng).slice(0, 7)];

describe.skipIf(!databaseAvailable)(`export of published places (${dbKind})`, () => {
  let t: TestApp;
  let hiddenId: number;
  let pendingId: number;

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, remoteAddress: nextAddress(), headers });
  const features = (body: string) => (JSON.parse(body) as { features: Feature[] }).features;
  const publishedCount = async (where = 'TRUE', params: unknown[] = []) => {
    const { rows } = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM places p JOIN categories c ON c.id = p.category_id
       WHERE p.status = 'published' AND ${where}`,
      params,
    );
    return rows[0]?.n ?? 0;
  };

  beforeAll(async () => {
    t = await startTestApp();
    hiddenId = await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      ...HIDDEN,
      privacy: '1km',
    });
    pendingId = await insertPlace(t.database, { status: 'pending', authorId: null, name: 'Not yet public' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('streams every published place as a GeoJSON download, page after page', async () => {
    const response = await get('/api/v1/export.geojson');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="karta-places-\d{4}-\d{2}-\d{2}\.geojson"$/,
    );
    const collection = JSON.parse(response.body) as { type: string; features: Feature[] };
    expect(collection.type).toBe('FeatureCollection');
    // The demo's 2 400 places and the fixture: more than two pages of 1 000.
    const total = await publishedCount();
    expect(total).toBeGreaterThan(2000);
    expect(collection.features).toHaveLength(total);
    const ids = collection.features.map((feature) => feature.properties.externalId);
    expect(new Set(ids).size).toBe(total);
    expect(ids).not.toContain(`http://localhost:80/places/${pendingId}`);
    const first = collection.features[0] as Feature;
    expect(first.geometry.type).toBe('Point');
    expect(Object.keys(first.properties)).toEqual(
      expect.arrayContaining(['externalId', 'category', 'name_hr', 'name_en', 'locationPrivacy', 'radius']),
    );
  });

  it('honours the category and bbox filters of the place list', async () => {
    const bbox = { west: 15.9, south: 45.78, east: 16.0, north: 45.83 };
    const response = await get(
      `/api/v1/export.geojson?category=pharmacy&bbox=${bbox.west},${bbox.south},${bbox.east},${bbox.north}`,
    );
    expect(response.statusCode).toBe(200);
    const found = features(response.body);
    const expected = await publishedCount(
      `c.slug = ANY($1::text[]) AND p.location <@ box(point($2, $3), point($4, $5))`,
      [['pharmacy'], bbox.west, bbox.south, bbox.east, bbox.north],
    );
    expect(expected).toBeGreaterThan(0);
    expect(found).toHaveLength(expected);
    for (const feature of found) {
      expect(feature.properties.category).toBe('pharmacy');
      const [lng, lat] = feature.geometry.coordinates;
      expect(lng).toBeGreaterThanOrEqual(bbox.west);
      expect(lng).toBeLessThanOrEqual(bbox.east);
      expect(lat).toBeGreaterThanOrEqual(bbox.south);
      expect(lat).toBeLessThanOrEqual(bbox.north);
    }
    const csv = await get(
      `/api/v1/export.csv?category=pharmacy&bbox=${bbox.west},${bbox.south},${bbox.east},${bbox.north}`,
    );
    expect(parse(csv.body, { bom: true, columns: true })).toHaveLength(expected);
  });

  it('holds exactly the rows of the place list for the same filters, nearest first for near and covers', async () => {
    const site = 'http://localhost:80';
    /** Every page of the list, as the external ids an export writes. */
    const listed = async (filter: string) => {
      const keys: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response = await get(`/api/v1/places?${filter}&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
        expect(response.statusCode, filter).toBe(200);
        const page = PlaceList.parse(response.json());
        keys.push(...page.items.map((item) => item.externalId ?? `${site}/places/${item.id}`));
        cursor = page.nextCursor;
        pages += 1;
        expect(pages, filter).toBeLessThan(100);
      } while (cursor);
      return keys;
    };
    const centre = '45.81,15.98';
    const cases: [filter: string, inListOrder: boolean][] = [
      [`near=${centre}&radius=1000`, true],
      [`near=${centre}&radius=50000`, true],
      [`near=${centre}&radius=5000&category=pharmacy,library`, true],
      [`covers=${centre}`, true],
      [`near=${centre}&radius=3000&bbox=15.97,45.8,16.0,45.82`, true],
      // The list ranks a search and sorts a box from its centre; a file is in id order.
      ['q=ljekarna', false],
      [`q=ljekarna&near=${centre}&radius=3000`, false],
      ['bbox=15.9,45.78,16.0,45.83&category=pharmacy', false],
      ['category=library', false],
    ];
    for (const [filter, inListOrder] of cases) {
      const want = await listed(filter);
      expect(want.length, filter).toBeGreaterThan(0);
      const geojson = features((await get(`/api/v1/export.geojson?${filter}`)).body).map(
        (feature) => feature.properties.externalId as string,
      );
      const csv = (
        parse((await get(`/api/v1/export.csv?${filter}`)).body, { bom: true, columns: true }) as {
          externalId: string;
        }[]
      ).map((row) => row.externalId);
      for (const got of [geojson, csv]) {
        if (inListOrder) expect(got, filter).toEqual(want);
        else expect([...got].sort(), filter).toEqual([...want].sort());
      }
    }
    // The same checks of filters that only make sense together.
    const incomplete = await get('/api/v1/export.csv?near=45.8,16');
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error.details).toEqual([{ path: 'radius', message: 'Required with near' }]);
  });

  it('refuses filters it does not know how to read', async () => {
    const response = await get('/api/v1/export.csv?bbox=1,2,3');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_error');
  });

  it('never holds the exact position of a coarsened place, not even for a moderator', async () => {
    const moderator = await signedInUser(t.app, 'moderator');
    for (const headers of [{}, moderator.headers]) {
      for (const url of ['/api/v1/export.geojson', '/api/v1/export.csv']) {
        const response = await get(url, headers);
        expect(response.statusCode).toBe(200);
        for (const digits of DIGITS) expect(response.body).not.toContain(digits);
      }
    }
    const hidden = features((await get('/api/v1/export.geojson', moderator.headers)).body).find(
      (feature) => feature.properties.externalId === `http://localhost:80/places/${hiddenId}`,
    );
    expect(hidden?.properties.locationPrivacy).toBe('1km');
    const { rows } = await t.database.query<{ public_lat: number; public_lng: number }>(
      'SELECT public_lat, public_lng FROM places WHERE id = $1',
      [hiddenId],
    );
    // The public point, at the files' 7 decimals.
    const [lng, lat] = hidden?.geometry.coordinates ?? [];
    expect(lng).toBeCloseTo(rows[0]?.public_lng ?? Number.NaN, 7);
    expect(lat).toBeCloseTo(rows[0]?.public_lat ?? Number.NaN, 7);
  });

  it('writes the categories’ fields as x_<key> columns after the others and as GeoJSON’s extra', async () => {
    const categories = (await get('/api/v1/categories')).json().items as Category[];
    // In the categories' display order, each category's fields in theirs, each key once.
    const keys = [...new Set(categories.flatMap((category) => category.fields.map((field) => field.key)))];
    expect(keys.length).toBeGreaterThan(5);
    const csv = (await get('/api/v1/export.csv')).body;
    const header = csv.slice(1, csv.indexOf('\r\n')).split(',');
    expect(header).toEqual([
      ...csvColumns(t.config.languages),
      ...EXPORT_ONLY_COLUMNS,
      ...keys.map((key) => `x_${key}`),
    ]);
    const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    const geojson = features((await get('/api/v1/export.geojson')).body);
    expect(rows.length).toBe(geojson.length);
    const valuesOf = new Map(
      geojson.map((feature) => [feature.properties.externalId, feature.properties.extra]),
    );
    // Every feature has its values as the API gives them, `{}` when none.
    expect(geojson.every((feature) => typeof feature.properties.extra === 'object')).toBe(true);
    expect(
      geojson.filter((feature) => Object.keys(feature.properties.extra ?? {}).length === 0).length,
    ).toBeGreaterThan(0);
    const asText = (value: Extra[string] | undefined) =>
      value === undefined ? '' : Array.isArray(value) ? value.join(';') : String(value);
    const kinds = new Set<string>();
    for (const row of rows) {
      const extra = valuesOf.get(row.externalId) ?? {};
      for (const key of keys) {
        expect(row[`x_${key}`], `${row.externalId} x_${key}`).toBe(asText(extra[key]));
        if (extra[key] !== undefined) kinds.add(Array.isArray(extra[key]) ? 'list' : typeof extra[key]);
      }
    }
    // The demo's values hold yes/no, numbers, choices and lists (`hr;en`).
    expect([...kinds].sort()).toEqual(['boolean', 'list', 'number', 'string']);
    expect(rows.some((row) => row.x_languages?.includes(';'))).toBe(true);
  });

  it('takes the f.<key> filters of the place list', async () => {
    const indoor = features((await get('/api/v1/export.geojson?f.indoor=true')).body);
    expect(indoor.length).toBe(await publishedCount(`p.extra @> '{"indoor": true}'`));
    expect(indoor.length).toBeGreaterThan(0);
    expect(indoor.every((feature) => feature.properties.extra?.indoor === true)).toBe(true);
    const csv = (await get('/api/v1/export.csv?f.level.min=2&f.access=yes,customers')).body;
    const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.length).toBe(
      await publishedCount(
        `(p.extra ->> 'level')::int >= 2 AND p.extra ->> 'access' IN ('yes', 'customers')`,
      ),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every((row) => Number(row.x_level) >= 2 && ['yes', 'customers'].includes(row.x_access ?? '')),
    ).toBe(true);
    const unknown = await get('/api/v1/export.csv?f.nonsense=1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toContainEqual(expect.objectContaining({ path: 'f.nonsense' }));
  });

  it('writes CSV with the documented header, quoting what needs it', async () => {
    const categoryId = (
      await t.database.query<{ id: number }>(`SELECT id FROM categories WHERE slug = 'pharmacy'`)
    ).rows[0]?.id;
    await t.database.query(
      `INSERT INTO places (category_id, name, description, primary_language, lat, lng, status, published_at,
         external_id, address, phone)
       VALUES ($1, $2::jsonb, $3::jsonb, 'hr', 44.5, 15.5, 'published', now(), 'csv-quoting', $4, $5)`,
      [
        categoryId,
        JSON.stringify({ hr: 'Ljekarna "Čačak", Đurđevac', en: '=1+1' }),
        JSON.stringify({ hr: 'Prvi red\nDrugi red, s zarezom' }),
        'Ulica 1, Šibenik',
        '+385 1 234 5678',
      ],
    );
    const response = await get('/api/v1/export.csv?bbox=15.4,44.4,15.6,44.6');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers['content-disposition']).toMatch(/filename="karta-places-[\d-]+\.csv"$/);
    expect(response.body.startsWith('\uFEFFexternalId,category,name_hr,name_en,description_hr,')).toBe(true);
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    const row = rows.find((item) => item.externalId === 'csv-quoting');
    expect(row).toMatchObject({
      category: 'pharmacy',
      name_hr: 'Ljekarna "Čačak", Đurđevac',
      // A spreadsheet would run it as a formula: it is written as text (import removes the ').
      name_en: "'=1+1",
      description_hr: 'Prvi red\nDrugi red, s zarezom',
      description_en: '',
      primaryLanguage: 'hr',
      lat: '44.5',
      lng: '15.5',
      locationPrivacy: 'exact',
      address: 'Ulica 1, Šibenik',
      phone: '+385 1 234 5678',
      radius: '',
    });
  });
});
