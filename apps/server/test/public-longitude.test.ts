import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { createTestDatabase, databaseAvailable, dbKind, type TestDatabase } from './support/test-app.ts';

/** Migration 001's karta_public_lng, which 009 replaced by an inlinable form of the same expression. */
const FIRST_PUBLIC_LNG = `
CREATE FUNCTION pg_temp.first_public_lng(lat double precision, lng double precision, privacy text)
RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN privacy IN ('100m', '1km') THEN (
      SELECT least(180, greatest(-180, (floor(lng / cell.step) + 0.5) * cell.step))
      FROM (
        SELECT (CASE privacy WHEN '100m' THEN 0.001 ELSE 0.01 END)
          / greatest(cos(radians(karta_public_lat(lat, privacy))), 0.01) AS step
      ) AS cell
    )
    ELSE lng
  END
$$`;

describe.skipIf(!databaseAvailable)(`the public longitude (${dbKind})`, () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await migrate(db.database);
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('is the value migration 001 computed, for every privacy, near the poles and the antimeridian', async () => {
    // A temporary function lives on one connection: one transaction keeps it there.
    const differing = await db.database.transaction(async (tx) => {
      await tx.exec(FIRST_PUBLIC_LNG);
      const { rows } = await tx.query<{ n: number; total: number }>(
        `SELECT count(*) FILTER (WHERE karta_public_lng(lat, lng, privacy)
                                 IS DISTINCT FROM pg_temp.first_public_lng(lat, lng, privacy))::int AS n,
                count(*)::int AS total
         FROM generate_series(-90, 90, 1.3) AS lat,
              generate_series(-180, 180, 2.9) AS lng,
              unnest(ARRAY['exact', '100m', '1km']) AS privacy`,
      );
      const random = await tx.query<{ n: number }>(
        `SELECT count(*) FILTER (WHERE karta_public_lng(lat, lng, privacy)
                                 IS DISTINCT FROM pg_temp.first_public_lng(lat, lng, privacy))::int AS n
         FROM (SELECT random() * 180 - 90 AS lat, random() * 360 - 180 AS lng,
                      (ARRAY['exact', '100m', '1km'])[1 + (g % 3)] AS privacy
               FROM generate_series(1, 20000) AS g) AS p`,
      );
      expect(rows[0]?.total).toBeGreaterThan(50_000);
      return (rows[0]?.n ?? -1) + (random.rows[0]?.n ?? -1);
    });
    expect(differing).toBe(0);
  });

  it('is inlined by the planner, so an insert does not call it through the SQL-function executor', async () => {
    const { rows } = await db.database.query<{ 'QUERY PLAN': string }>(
      'EXPLAIN (VERBOSE, COSTS OFF) SELECT karta_public_lng(lat, lng, location_privacy) FROM places',
    );
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('floor(');
    expect(plan).not.toContain('karta_public_lng(');
  });
});
