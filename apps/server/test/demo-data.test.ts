import { CategoryList } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { DEFAULT_DEMO_COUNT, generateDemoPlaces } from '../src/demo-data/generate.ts';
import { seedDemoData } from '../src/demo-data/seed.ts';
import { haversineM } from './support/geo.ts';
import { createTestDatabase, databaseAvailable, dbKind, type TestDatabase } from './support/test-app.ts';

interface Row {
  id: number;
  external_id: string;
  lat: number;
  lng: number;
  radius: number | null;
  status: string;
  location_privacy: string;
  name: Record<string, string>;
  description: Record<string, string>;
  slug: string;
}

describe.skipIf(!databaseAvailable)(`demo data (${dbKind})`, () => {
  let db: TestDatabase;
  let rows: Row[];
  let inserted: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrate(db.database);
    inserted = await seedDemoData(db.database);
    rows = (
      await db.database.query<Row>(
        `SELECT p.id, p.external_id, p.lat, p.lng, p.radius, p.status, p.location_privacy, p.name, p.description, c.slug
         FROM places p JOIN categories c ON c.id = p.category_id ORDER BY p.id`,
      )
    ).rows;
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('inserts at least 2 000 published places into an empty database', () => {
    expect(inserted).toBe(DEFAULT_DEMO_COUNT);
    expect(rows.length).toBeGreaterThanOrEqual(2000);
    expect(rows.every((row) => row.status === 'published')).toBe(true);
  });

  it('does nothing on a database that already has data, even when several instances try at once', async () => {
    expect(await Promise.all([seedDemoData(db.database), seedDemoData(db.database)])).toEqual([0, 0]);
    const { rows: count } = await db.database.query<{ n: number }>('SELECT count(*)::int AS n FROM places');
    expect(count[0]?.n).toBe(rows.length);
  });

  it('seeds an empty database once when two instances start at the same moment', async () => {
    const other = await createTestDatabase();
    try {
      await migrate(other.database);
      const results = await Promise.all([
        seedDemoData(other.database, { count: 300 }),
        seedDemoData(other.database, { count: 300 }),
      ]);
      expect(results.sort((a, b) => a - b)).toEqual([0, 300]);
      const { rows: count } = await other.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM places',
      );
      expect(count[0]?.n).toBe(300);
    } finally {
      await other.dispose();
    }
  });

  it('stores exactly what the seeded generator yields, in order (deterministic)', () => {
    const expected = [...generateDemoPlaces()];
    expect(rows.map((row) => row.external_id)).toEqual(expected.map((place) => place.externalId));
    for (const [index, place] of expected.entries()) {
      const row = rows[index] as Row;
      expect([row.lat, row.lng, row.radius, row.slug, row.name]).toEqual([
        place.lat,
        place.lng,
        place.radius,
        place.category,
        place.name,
      ]);
    }
  });

  it('lies within 40 km of 45.8, 16.0, denser in the city centre', () => {
    const centre = { lat: 45.8, lng: 16.0 };
    const distances = rows.map((row) => haversineM(centre, row));
    expect(Math.max(...distances)).toBeLessThanOrEqual(40_000);
    const nearJelacic = rows.filter((row) => haversineM({ lat: 45.813, lng: 15.977 }, row) <= 3_000).length;
    const farOut = rows.filter((row) => {
      const metres = haversineM(centre, row);
      return metres >= 20_000 && metres <= 23_000;
    }).length;
    // A 3 km disc in the centre holds far more than a 3 km wide ring 20 km out (which is ~13× its area).
    expect(nearJelacic).toBeGreaterThan(rows.length * 0.25);
    expect(nearJelacic).toBeGreaterThan(farOut * 3);
  });

  it('has about a third with a radius of 50–2000 m, and mostly exact positions', () => {
    const withRadius = rows.filter((row) => row.radius !== null);
    expect(withRadius.length / rows.length).toBeGreaterThan(0.28);
    expect(withRadius.length / rows.length).toBeLessThan(0.4);
    expect(withRadius.every((row) => (row.radius as number) >= 50 && (row.radius as number) <= 2000)).toBe(
      true,
    );
    const exact = rows.filter((row) => row.location_privacy === 'exact').length;
    expect(exact / rows.length).toBeGreaterThan(0.9);
    expect(rows.some((row) => row.location_privacy !== 'exact')).toBe(true);
  });

  it('has a few groups of places at exactly the same spot', () => {
    const bySpot = new Map<string, number>();
    for (const row of rows)
      bySpot.set(`${row.lat},${row.lng}`, (bySpot.get(`${row.lat},${row.lng}`) ?? 0) + 1);
    const groups = [...bySpot.values()].filter((count) => count > 1);
    expect(groups.length).toBeGreaterThanOrEqual(3);
  });

  it('uses at least 8 categories, each with Croatian and English names, a colour and an icon', async () => {
    const { rows: categories } = await db.database.query(
      'SELECT id, slug, name, color, icon, fields, removed_fields AS "removedFields" FROM categories ORDER BY sort_order',
    );
    const parsed = CategoryList.parse({ items: categories });
    expect(parsed.items.length).toBeGreaterThanOrEqual(8);
    for (const category of parsed.items) {
      expect(category.name.hr).toBeTruthy();
      expect(category.name.en).toBeTruthy();
    }
    expect(new Set(parsed.items.map((category) => category.color)).size).toBe(parsed.items.length);
    expect(new Set(rows.map((row) => row.slug)).size).toBe(parsed.items.length);
  });

  it('gives the demo kinds of place their fields, with OpenStreetMap keys, filled for most places', async () => {
    const { rows: categories } = await db.database.query<{
      slug: string;
      fields: { key: string; osmKey?: string; required?: boolean }[];
      filter_types: Record<string, string>;
    }>('SELECT slug, fields, filter_types FROM categories');
    const bySlug = new Map(categories.map((category) => [category.slug, category]));
    const defibrillator = bySlug.get('defibrillator');
    expect(defibrillator?.fields.map((field) => [field.key, field.osmKey])).toEqual([
      ['access', 'access'],
      ['indoor', 'indoor'],
      ['level', 'level'],
    ]);
    expect(defibrillator?.filter_types).toEqual({ access: 'enum', indoor: 'boolean', level: 'integer' });
    expect(bySlug.get('drinking-water')?.fields.map((field) => field.key)).toEqual(['bottle', 'seasonal']);
    expect(bySlug.get('pharmacy')?.fields.map((field) => field.key)).toEqual(['on_duty']);
    expect(bySlug.get('food-bank')?.fields.map((field) => field.key)).toEqual([
      'id_required',
      'languages',
      'walk_in',
    ]);
    expect(categories.flatMap((category) => category.fields).some((field) => field.required)).toBe(false);
    const { rows: filled } = await db.database.query<{ slug: string; all: number; filled: number }>(
      `SELECT c.slug, count(*)::int AS all, count(*) FILTER (WHERE p.extra <> '{}')::int AS filled
       FROM places p JOIN categories c ON c.id = p.category_id
       WHERE c.slug IN ('defibrillator', 'drinking-water', 'pharmacy', 'food-bank') GROUP BY c.slug`,
    );
    expect(filled).toHaveLength(4);
    for (const row of filled) expect(row.filled / row.all, row.slug).toBeGreaterThan(0.6);
  });

  it('writes names and descriptions in Croatian and English with Croatian letters', () => {
    const bilingual = rows.filter(
      (row) => row.name.hr && row.name.en && row.description.hr && row.description.en,
    );
    expect(bilingual.length / rows.length).toBeGreaterThan(0.85);
    expect(rows.some((row) => /[čćđšž]/i.test(row.name.hr ?? ''))).toBe(true);
    expect(rows.some((row) => (row.name.hr ?? '').includes('Ilica'))).toBe(true);
  });
});
