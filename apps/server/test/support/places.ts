import type { Queryable } from '../../src/db/database.ts';
import type { PlaceStatus } from '../../src/places/place-rules.ts';

/**
 * Fixtures placed without a position go each a step further north-east of 45.81, 15.97, counted
 * per database: a test file's places start at the same spot whatever files ran before it in the
 * same worker (the server suites share modules between files, vitest.config.ts).
 */
const placedIn = new WeakMap<Queryable, number>();

/**
 * The category most import and storage tests use, `pharmacy`, on a database without demo data.
 * Returns its id.
 */
export async function insertPharmacyCategory(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO categories (slug, name, color, icon) VALUES ('pharmacy', '{"en": "Pharmacy"}', '#15803d', 'pill')
     RETURNING id`,
  );
  return rows[0]?.id ?? 0;
}

/**
 * A place of `status` by `authorId`, written straight into the database (a fixture; the API's
 * own paths to each status are tested in place-writes.test.ts). Returns its id.
 */
export async function insertPlace(
  db: Queryable,
  options: {
    status: PlaceStatus;
    authorId: number | null;
    categoryId?: number;
    lat?: number;
    lng?: number;
    privacy?: 'exact' | '100m' | '1km';
    /** An English name, or names by language (the first is the primary language). */
    name?: string | Record<string, string>;
    description?: Record<string, string>;
    address?: string;
    /** OpenStreetMap `opening_hours`; none by default. */
    openingHours?: string;
    /** Metres this place serves around it (for `covers`). */
    radius?: number;
  },
): Promise<number> {
  const counter = (placedIn.get(db) ?? 0) + 1;
  placedIn.set(db, counter);
  const name =
    typeof options.name === 'object' ? options.name : { en: options.name ?? `Fixture place ${counter}` };
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO places (category_id, name, description, primary_language, lat, lng, location_privacy, address,
       status, author_id, rejection_reason, published_at, opening_hours, radius)
     VALUES (coalesce($1, (SELECT min(id) FROM categories)), $2::jsonb, $3::jsonb, $4, $5, $6, $7, $8, $9, $10,
       CASE WHEN $9 = 'rejected' THEN 'Not a real place' END,
       CASE WHEN $9 IN ('published', 'archived') THEN now() END, $11, $12)
     RETURNING id`,
    [
      options.categoryId ?? null,
      JSON.stringify(name),
      JSON.stringify(options.description ?? {}),
      Object.keys(name)[0],
      options.lat ?? 45.81 + counter * 1e-4,
      options.lng ?? 15.97 + counter * 1e-4,
      options.privacy ?? 'exact',
      options.address ?? null,
      options.status,
      options.authorId,
      options.openingHours ?? null,
      options.radius ?? null,
    ],
  );
  return rows[0]?.id as number;
}
