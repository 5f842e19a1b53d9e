import { describe, expect, it } from 'vitest';
import { ClusterIndex } from './cluster-index.ts';
import { MAX_MAP_FEATURES } from './limits.ts';
import { scatteredPlaces, testPlace, viewAround, WORLD } from './test-places.ts';

const ZAGREB = { lat: 45.8, lng: 16.0 };

describe('ClusterIndex: changes', () => {
  it('answers after inserts, moves and removals as a fresh build of the final places', () => {
    const places = scatteredPlaces(600, ZAGREB, 0.5, ['a', 'b', 'c'], 11);
    const index = ClusterIndex.build(places.slice(0, 400));
    for (const place of places.slice(400)) index.upsert(place);
    const moved = places.slice(0, 50).map((p) => ({ ...p, lat: p.lat + 0.05, category: 'c' }));
    for (const place of moved) index.upsert(place);
    for (let id = 100; id < 150; id++) index.remove(id);
    index.remove(9999); // unknown: no change

    const final = [...moved, ...places.slice(50)].filter((p) => p.id < 100 || p.id >= 150);
    const fresh = ClusterIndex.build(final);
    expect(index.size).toBe(final.length);
    for (const zoom of [5, 9, 11, 13]) {
      for (const categories of [undefined, ['c'], ['a', 'c']]) {
        const q = { bbox: viewAround(ZAGREB, zoom), zoom, categories };
        expect(index.query(q), `zoom ${zoom} ${categories}`).toEqual(fresh.query(q));
      }
    }
  });

  it('rejects a place without a finite position and keeps the index as it was', () => {
    const index = ClusterIndex.build([testPlace(1, 45.8, 16)]);
    expect(() => index.upsert(testPlace(1, Number.NaN, 16))).toThrow(/Place 1/);
    expect(index.size).toBe(1);
    expect(index.query({ bbox: WORLD, zoom: 3 }).places.map((p) => [p.id, p.lat])).toEqual([[1, 45.8]]);
  });
});

describe('ClusterIndex: the feature cap', () => {
  it('answers a whole-world box at zoom 22 with at most MAX_MAP_FEATURES items', () => {
    // Spread over the whole world, so answering at the asked zoom would show every place alone.
    const places = Array.from({ length: 30_000 }, (_, i) =>
      testPlace(i + 1, ((i * 7919) % 16_000) / 100 - 80, ((i * 104_729) % 35_900) / 100 - 179.5),
    );
    const result = ClusterIndex.build(places).query({ bbox: WORLD, zoom: 22 });
    const features = result.clusters.length + result.places.length;
    expect(features).toBeLessThanOrEqual(MAX_MAP_FEATURES);
    expect(result.clusters.reduce((sum, c) => sum + c.count, 0) + result.places.length).toBe(30_000);
  });
});
