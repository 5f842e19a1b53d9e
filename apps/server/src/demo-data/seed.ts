import { filterTypesOf } from '@karta/contracts';
import type { Database, Queryable } from '../db/database.ts';
import { emptySearchPendingLists } from '../places/search-pending-lists.ts';
import { DEMO_CATEGORIES } from './categories.ts';
import { demoFields } from './fields.ts';
import { DEFAULT_DEMO_COUNT, DEFAULT_DEMO_SEED, type DemoPlace, generateDemoPlaces } from './generate.ts';

/** Rows per INSERT: one JSON parameter per batch keeps both drivers on the same fast path. */
const BATCH_SIZE = 5000;

/** Inserts the demo categories that are missing (by slug). */
export async function ensureDemoCategories(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO categories (slug, name, color, icon, sort_order, fields, filter_types)
     SELECT r.slug, r.name, r.color, r.icon, r.sort_order, r.fields, r.filter_types
     FROM json_to_recordset($1::json)
       AS r(slug text, name jsonb, color text, icon text, sort_order int, fields jsonb, filter_types jsonb)
     ON CONFLICT (slug) DO NOTHING`,
    [
      JSON.stringify(
        DEMO_CATEGORIES.map((category, index) => ({
          slug: category.slug,
          name: category.name,
          color: category.color,
          icon: category.icon,
          sort_order: (index + 1) * 10,
          fields: demoFields(category.slug),
          filter_types: filterTypesOf(demoFields(category.slug)),
        })),
      ),
    ],
  );
}

/**
 * Inserts places as published, `batchSize` rows per statement (a JSON array unpacked by
 * `json_to_recordset`, kept in order so ids follow the generator). The categories must exist.
 */
export async function insertDemoPlaces(
  db: Queryable,
  places: Iterable<DemoPlace>,
  options: { batchSize?: number; onBatch?: (inserted: number) => void } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? BATCH_SIZE;
  let inserted = 0;
  let batch: DemoPlace[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const { rowCount } = await db.query(
      `INSERT INTO places (external_id, name, description, primary_language, category_id, lat, lng, radius,
         location_privacy, address, phone, email, website, opening_hours, status, published_at,
         last_confirmed_at, checked_at, extra)
       SELECT r."externalId", r.name, r.description, r."primaryLanguage", c.id, r.lat, r.lng, r.radius,
         r."locationPrivacy", r.address, r.phone, r.email, r.website, r."openingHours", 'published', now(),
         now() - make_interval(days => r."unconfirmedDays"), now() - make_interval(days => r."unconfirmedDays"),
         r.extra
       FROM json_to_recordset($1::json) AS r("externalId" text, name jsonb, description jsonb,
         "primaryLanguage" text, category text, lat float8, lng float8, radius float8, "locationPrivacy" text,
         address text, phone text, email text, website text, "openingHours" text, "unconfirmedDays" int,
         extra jsonb, ord int)
       JOIN categories c ON c.slug = r.category
       ORDER BY r.ord`,
      [JSON.stringify(batch.map((place, ord) => ({ ...place, ord })))],
    );
    if (rowCount !== batch.length) {
      throw new Error(`Inserted ${rowCount} of ${batch.length} demo places: a category is missing`);
    }
    inserted += rowCount;
    options.onBatch?.(inserted);
    batch = [];
  };
  for (const place of places) {
    batch.push(place);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  // Fresh statistics, or the planner guesses one row per box and picks slow plans (PGlite has
  // no autovacuum to do this later).
  if (inserted > 0) {
    await db.query('ANALYZE places');
    await emptySearchPendingLists(db);
  }
  return inserted;
}

/**
 * Seeds the demo categories and places into an empty database, in one transaction (a crash half
 * way leaves the database empty, and the next start seeds again). Returns how many places were
 * inserted, or 0 when the database already had data.
 */
export async function seedDemoData(
  db: Database,
  options: { count?: number; seed?: number } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    // Several instances starting at once on one empty PostgreSQL: only the first one seeds.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('karta:demo-data'))`);
    const { rows } = await tx.query<{ used: boolean }>(
      'SELECT (EXISTS (SELECT 1 FROM places) OR EXISTS (SELECT 1 FROM categories)) AS used',
    );
    if (rows[0]?.used) return 0;
    await ensureDemoCategories(tx);
    return insertDemoPlaces(
      tx,
      generateDemoPlaces(options.count ?? DEFAULT_DEMO_COUNT, options.seed ?? DEFAULT_DEMO_SEED),
    );
  });
}
