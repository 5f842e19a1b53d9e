import type { Queryable } from '../../src/db/database.ts';
import type { PlaceStatus } from '../../src/places/place-rules.ts';

let counter = 0;

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
    name?: string;
  },
): Promise<number> {
  counter += 1;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO places (category_id, name, primary_language, lat, lng, location_privacy, status, author_id,
       rejection_reason, published_at)
     VALUES (coalesce($1, (SELECT min(id) FROM categories)), $2::jsonb, 'en', $3, $4, $5, $6, $7,
       CASE WHEN $6 = 'rejected' THEN 'Not a real place' END,
       CASE WHEN $6 IN ('published', 'archived') THEN now() END)
     RETURNING id`,
    [
      options.categoryId ?? null,
      JSON.stringify({ en: options.name ?? `Fixture place ${counter}` }),
      options.lat ?? 45.81 + counter * 1e-4,
      options.lng ?? 15.97 + counter * 1e-4,
      options.privacy ?? 'exact',
      options.status,
      options.authorId,
    ],
  );
  return rows[0]?.id as number;
}
