import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/open-database.ts';
import { ChangeFollower } from '../src/map-index/change-follower.ts';
import { MapIndexService } from '../src/map-index/map-index-service.ts';
import { postJson, signedInUser } from './support/auth.ts';
import { countAround, LONELY_PLACES_SQL, placesAround, within } from './support/map-probe.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/** The promise is 1 s at a million places; here the log is read every 100 ms. */
const WITHIN_MS = 1000;
/** Read the log often here, so the test measures the apply, not the wait between reads. */
const INTERVAL_MS = 100;

interface Place {
  id: number;
  lat: number;
  lng: number;
}

describe.skipIf(!databaseAvailable)(`the map follows changes to places (${dbKind})`, () => {
  let t: TestApp;
  let follower: ChangeFollower;
  let place: Place;

  beforeAll(async () => {
    t = await startTestApp();
    follower = new ChangeFollower(t.database, t.mapIndex, { intervalMs: INTERVAL_MS });
    follower.start();
    // An exact place alone in its spot: it shows as a single marker at zoom 18.
    const { rows } = await t.database.query<Place>(`${LONELY_PLACES_SQL} LIMIT 1`);
    if (!rows[0]) throw new Error('The demo data has no place alone in its spot');
    place = rows[0];
  });
  afterAll(async () => {
    await follower?.stop();
    await t?.close();
  });
  // Every change is applied to the index built at the start: no test may cost a rebuild.
  afterEach(() => {
    expect(t.mapIndex.lastBuild?.builds).toBe(1);
  });

  it('takes an archived place off the map, and puts it back when published again', async () => {
    expect(await placesAround(t.app, place)).toContain(place.id);
    await t.database.query(`UPDATE places SET status = 'archived' WHERE id = $1`, [place.id]);
    await within(WITHIN_MS, async () => !(await placesAround(t.app, place)).includes(place.id));
    await t.database.query(`UPDATE places SET status = 'published' WHERE id = $1`, [place.id]);
    await within(WITHIN_MS, async () => (await placesAround(t.app, place)).includes(place.id));
  });

  it('moves a place on the map when its position changes', async () => {
    const moved = { lat: place.lat + 0.05, lng: place.lng + 0.05 };
    expect(await countAround(t.app, moved)).toBe(0);
    await t.database.query(`UPDATE places SET lat = $2, lng = $3 WHERE id = $1`, [
      place.id,
      moved.lat,
      moved.lng,
    ]);
    await within(WITHIN_MS, async () => (await placesAround(t.app, moved)).includes(place.id));
    expect(await placesAround(t.app, place)).not.toContain(place.id);
  });

  it('follows a proposal published, moved and archived through the API', async () => {
    const author = await signedInUser(t.app);
    const moderator = await signedInUser(t.app, 'moderator');
    const spot = { lat: 45.97, lng: 15.52 };
    const proposed = await postJson(
      t.app,
      '/api/v1/places',
      { categoryId: 1, name: { en: 'Seed library' }, ...spot },
      { headers: author.headers },
    );
    const { id } = proposed.json() as { id: number };
    const act = (url: string, method: 'POST' | 'PATCH', body: object) =>
      t.app.inject({
        method,
        url,
        payload: body,
        headers: { 'content-type': 'application/json', ...moderator.headers },
      });
    // Pending: not on the map.
    expect(await placesAround(t.app, spot)).not.toContain(id);
    await act(`/api/v1/places/${id}/transition`, 'POST', { to: 'published', version: 1 });
    await within(WITHIN_MS, async () => (await placesAround(t.app, spot)).includes(id));
    const moved = { lat: spot.lat + 0.03, lng: spot.lng };
    await act(`/api/v1/places/${id}`, 'PATCH', { version: 2, ...moved });
    await within(WITHIN_MS, async () => (await placesAround(t.app, moved)).includes(id));
    await act(`/api/v1/places/${id}/transition`, 'POST', { to: 'archived', version: 3 });
    await within(WITHIN_MS, async () => !(await placesAround(t.app, moved)).includes(id));
  });

  it('shows a newly published place, and forgets a deleted one', async () => {
    const spot = { lat: 45.95, lng: 15.55 };
    const { rows } = await t.database.query<{ id: number }>(
      `INSERT INTO places (category_id, name, primary_language, lat, lng, status, published_at)
       SELECT id, '{"en": "New fountain"}', 'en', $1, $2, 'published', now() FROM categories ORDER BY id LIMIT 1
       RETURNING id`,
      [spot.lat, spot.lng],
    );
    const id = rows[0]?.id ?? 0;
    await within(WITHIN_MS, async () => (await placesAround(t.app, spot)).includes(id));
    await t.database.query('DELETE FROM places WHERE id = $1', [id]);
    await within(WITHIN_MS, async () => !(await placesAround(t.app, spot)).includes(id));
  });
});

describe.skipIf(!databaseAvailable)(`the change log (${dbKind})`, () => {
  it('is trimmed of rows every instance has long read, and a later change is still followed', async () => {
    const t = await startTestApp();
    try {
      const spot = { lat: 44.5, lng: 14.2 };
      const { rows } = await t.database.query<{ id: number }>(
        `INSERT INTO places (category_id, name, primary_language, lat, lng, status, published_at)
         SELECT id, '{"en": "Old news"}', 'en', $1, $2, 'published', now() FROM categories ORDER BY id LIMIT 1
         RETURNING id`,
        [spot.lat, spot.lng],
      );
      const count = async () =>
        Number(
          (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM place_changes')).rows[0]?.n,
        );
      expect(await count()).toBeGreaterThan(0);
      // Keeping nothing: every row is older than "now minus zero".
      const follower = new ChangeFollower(t.database, t.mapIndex, { retainMs: 0 });
      await follower.check();
      expect(await count()).toBe(0);
      // The change was read before the log was trimmed: the place is on the map.
      expect(await placesAround(t.app, spot)).toEqual([rows[0]?.id]);
      // The log's ids go on after a trim, so the next change is still seen as new.
      await t.database.query(`UPDATE places SET status = 'archived' WHERE id = $1`, [rows[0]?.id]);
      await follower.check();
      expect(await placesAround(t.app, spot)).toEqual([]);
      expect(t.mapIndex.lastBuild?.builds).toBe(1);
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!databaseAvailable || dbKind !== 'postgres')('two instances on one PostgreSQL', () => {
  let first: TestApp;
  let second: { app: TestApp['app']; mapIndex: MapIndexService; close(): Promise<void> };
  const followers: ChangeFollower[] = [];

  beforeAll(async () => {
    first = await startTestApp();
    // A second instance: its own pool, index and follower, on the same database.
    const database = await openDatabase(first.config);
    const mapIndex = new MapIndexService(database, { maxZoom: first.config.map.maxZoom });
    await mapIndex.rebuild();
    const app = await buildApp(first.config, { database, mapIndex, logger: false });
    await app.ready();
    second = {
      app,
      mapIndex,
      async close() {
        await app.close();
        await mapIndex.close();
        await database.close();
      },
    };
    for (const [db, index] of [
      [first.database, first.mapIndex],
      [database, mapIndex],
    ] as const) {
      // Polling once a minute: within the test, changes arrive only through LISTEN/NOTIFY.
      const follower = new ChangeFollower(db, index, {
        intervalMs: 60_000,
        listenUrl: first.config.databaseUrl ?? undefined,
      });
      follower.start();
      followers.push(follower);
    }
  });
  afterAll(async () => {
    for (const follower of followers) await follower.stop();
    await second?.close();
    await first?.close();
  });

  it('shows a change made through one instance on the other’s map within 1 s, without a rebuild', async () => {
    const spot = { lat: 45.97, lng: 15.6 };
    const { rows } = await first.database.query<{ id: number }>(
      `INSERT INTO places (category_id, name, primary_language, lat, lng, status, published_at)
       SELECT id, '{"en": "Shared shelter"}', 'en', $1, $2, 'published', now() FROM categories ORDER BY id LIMIT 1
       RETURNING id`,
      [spot.lat, spot.lng],
    );
    const id = rows[0]?.id ?? 0;
    await within(WITHIN_MS, async () => (await placesAround(second.app, spot)).includes(id));
    await within(WITHIN_MS, async () => (await placesAround(first.app, spot)).includes(id));
    await first.database.query(`UPDATE places SET status = 'archived' WHERE id = $1`, [id]);
    await within(WITHIN_MS, async () => !(await placesAround(second.app, spot)).includes(id));
    expect(first.mapIndex.lastBuild?.builds).toBe(1);
    expect(second.mapIndex.lastBuild?.builds).toBe(1);
  });
});
