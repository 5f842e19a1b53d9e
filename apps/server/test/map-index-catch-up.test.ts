import type { Worker } from 'node:worker_threads';
import type { ClusterResult } from '@karta/map-core/clustering';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexWorker } from '../src/map-index/index-worker.ts';
import { MapIndexNotReadyError, MapIndexService } from '../src/map-index/map-index-service.ts';
import { LONELY_PLACES_SQL, placesAround } from './support/map-probe.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

interface Place {
  id: number;
  lat: number;
  lng: number;
}

/** Whether `index` answers `place` as a single marker at the highest zoom. */
async function shows(index: MapIndexService, place: Place): Promise<boolean> {
  const d = 0.002;
  const bbox = { west: place.lng - d, south: place.lat - d, east: place.lng + d, north: place.lat + d };
  const result = JSON.parse(await index.queryJson({ bbox, zoom: 18 })) as ClusterResult;
  return result.places.some((shown) => shown.id === place.id);
}

describe.skipIf(!databaseAvailable)(`the map index catching up with the change log (${dbKind})`, () => {
  let t: TestApp;
  let lonely: Place[];
  const setStatus = (place: Place, status: string) =>
    t.database.query('UPDATE places SET status = $2 WHERE id = $1', [place.id, status]);

  beforeAll(async () => {
    t = await startTestApp();
    lonely = (await t.database.query<Place>(`${LONELY_PLACES_SQL} LIMIT 4`)).rows;
    if (lonely.length < 4) throw new Error('The demo data has too few places alone in their spot');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('applies a few changes without a rebuild, and counts them', async () => {
    const index = new MapIndexService(t.database, { maxZoom: 18 });
    try {
      await index.rebuild();
      const [a, b] = lonely as [Place, Place];
      const size = index.lastBuild?.size ?? 0;
      await setStatus(a, 'archived');
      await setStatus(b, 'archived');
      await index.catchUp();
      expect(await shows(index, a)).toBe(false);
      expect(await shows(index, b)).toBe(false);
      expect(index.lastBuild).toMatchObject({ builds: 1, size: size - 2, changesApplied: 2 });
    } finally {
      await setStatus(lonely[0] as Place, 'published');
      await setStatus(lonely[1] as Place, 'published');
      await index.close();
    }
  });

  it('rebuilds instead when more places changed than one batch takes', async () => {
    const index = new MapIndexService(t.database, { maxZoom: 18, maxChangesPerBatch: 2 });
    try {
      await index.rebuild();
      const [a, b, c] = lonely as [Place, Place, Place];
      for (const place of [a, b, c]) await setStatus(place, 'archived');
      await index.catchUp();
      for (const place of [a, b, c]) expect(await shows(index, place)).toBe(false);
      expect(index.lastBuild).toMatchObject({ builds: 2, changesApplied: 0 });
      // The rebuilt index follows the next change as usual.
      await setStatus(a, 'published');
      await index.catchUp();
      expect(await shows(index, a)).toBe(true);
      expect(index.lastBuild).toMatchObject({ builds: 2, changesApplied: 1 });
    } finally {
      for (const place of lonely.slice(0, 3)) await setStatus(place, 'published');
      await index.close();
    }
  });

  it('rebuilds instead when its last read of the log is older than the log may be trusted', async () => {
    // Rows are purged an hour after they were written: a follower that could not read the log
    // for long (the database was away) cannot know what it missed.
    const index = new MapIndexService(t.database, { maxZoom: 18, staleAfterMs: 50 });
    try {
      await index.rebuild();
      const place = lonely[3] as Place;
      await setStatus(place, 'archived');
      // Every change row is purged, as if the follower had been away past the retention.
      await t.database.query('DELETE FROM place_changes');
      await new Promise((resolve) => setTimeout(resolve, 60));
      await index.catchUp();
      expect(await shows(index, place)).toBe(false);
      expect(index.lastBuild?.builds).toBe(2);
    } finally {
      await setStatus(lonely[3] as Place, 'published');
      await index.close();
    }
  });

  it('compacts the changes into the index at an idle moment', async () => {
    const index = new MapIndexService(t.database, { maxZoom: 18 });
    try {
      await index.rebuild();
      // 600 new places: more than an idle compaction waits for, fewer than the engine's own bound.
      await t.database.query(
        `INSERT INTO places (name, primary_language, category_id, lat, lng, status, published_at)
         SELECT '{"en":"Bench"}', 'en', (SELECT id FROM categories ORDER BY id LIMIT 1),
                -40 + n * 0.01, -20, 'published', now()
         FROM generate_series(1, 600) AS n`,
      );
      await index.catchUp();
      expect(index.lastBuild).toMatchObject({ builds: 1, changesApplied: 600, pendingChanges: 600 });
      // No request for over a second: the worker compacts, and the next change is the only one pending.
      await new Promise((resolve) => setTimeout(resolve, 2100));
      await setStatus(lonely[0] as Place, 'archived');
      await index.catchUp();
      expect(index.lastBuild).toMatchObject({ builds: 1, pendingChanges: 1 });
      expect(await shows(index, lonely[0] as Place)).toBe(false);
    } finally {
      await setStatus(lonely[0] as Place, 'published');
      await index.close();
    }
  });

  it('replaces a worker that died and builds the index again', async () => {
    const index = new MapIndexService(t.database, { maxZoom: 18 });
    try {
      await index.rebuild();
      const place = lonely[0] as Place;
      expect(await shows(index, place)).toBe(true);
      // The thread ends as a crash would end it (out of memory, a native fault): not through close().
      const handle = Reflect.get(index, 'worker') as IndexWorker;
      const thread = Reflect.get(handle, 'worker') as Worker;
      const exited = new Promise((resolve) => thread.once('exit', resolve));
      await thread.terminate();
      await exited;
      // Until the new worker has built, the map is "not ready" (503), never a half-built answer.
      let answered = false;
      for (let tries = 0; tries < 200 && !answered; tries++) {
        try {
          answered = await shows(index, place);
        } catch (error) {
          expect(error).toBeInstanceOf(MapIndexNotReadyError);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      expect(answered).toBe(true);
      expect(index.lastBuild?.builds).toBe(2);
      // The new worker follows changes like the first one.
      await setStatus(place, 'archived');
      await index.catchUp();
      expect(await shows(index, place)).toBe(false);
    } finally {
      await setStatus(lonely[0] as Place, 'published');
      await index.close();
    }
  });

  it('moves a place to its new category filter', async () => {
    const place = lonely[0] as Place;
    const { rows } = await t.database.query<{ from: string; to: string; to_id: number }>(
      `SELECT c.slug AS from, o.slug AS to, o.id AS to_id FROM places p JOIN categories c ON c.id = p.category_id
       JOIN LATERAL (SELECT id, slug FROM categories WHERE id <> p.category_id ORDER BY id LIMIT 1) o ON true
       WHERE p.id = $1`,
      [place.id],
    );
    const { from, to, to_id } = rows[0] as { from: string; to: string; to_id: number };
    const inCategory = async (slug: string) => {
      const d = 0.002;
      const bbox = { west: place.lng - d, south: place.lat - d, east: place.lng + d, north: place.lat + d };
      const result = JSON.parse(
        await t.mapIndex.queryJson({ bbox, zoom: 18, categories: [slug] }),
      ) as ClusterResult;
      return result.places.map((shown) => shown.id);
    };
    expect(await inCategory(from)).toEqual([place.id]);
    await t.database.query('UPDATE places SET category_id = $2 WHERE id = $1', [place.id, to_id]);
    await t.mapIndex.catchUp();
    expect(await inCategory(from)).toEqual([]);
    expect(await inCategory(to)).toEqual([place.id]);
    expect(t.mapIndex.lastBuild?.builds).toBe(1);
  });
});

describe.skipIf(!databaseAvailable || dbKind !== 'postgres')('a change committed out of id order', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is still read after a later id was read first (two connections)', async () => {
    const [early, late] = (await t.database.query<Place>(`${LONELY_PLACES_SQL} LIMIT 2`)).rows as [
      Place,
      Place,
    ];
    const { rows: start } = await t.database.query<{ id: number }>(
      'SELECT coalesce(max(id), 0)::int8 AS id FROM place_changes',
    );
    let holding = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // One connection takes the lower change id and keeps its transaction open…
    const slow = t.database.transaction(async (tx) => {
      await tx.query(`UPDATE places SET status = 'archived' WHERE id = $1`, [early.id]);
      holding();
      await released;
    });
    await held;
    // …while another takes the next id and commits first.
    await t.database.query(`UPDATE places SET status = 'archived' WHERE id = $1`, [late.id]);
    await t.mapIndex.catchUp();
    expect(await placesAround(t.app, late)).not.toContain(late.id);
    expect(await placesAround(t.app, early)).toContain(early.id);

    release();
    await slow;
    const { rows } = await t.database.query<{ place_id: number }>(
      'SELECT place_id FROM place_changes WHERE id > $1 ORDER BY id',
      [start[0]?.id],
    );
    // The log holds them in id order early, late: an "id above the last one read" cursor skips early.
    expect(rows.map((row) => row.place_id)).toEqual([early.id, late.id]);
    await t.mapIndex.catchUp();
    expect(await placesAround(t.app, early)).not.toContain(early.id);
    expect(t.mapIndex.lastBuild?.builds).toBe(1);
  });
});
