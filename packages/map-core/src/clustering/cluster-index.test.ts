import { describe, expect, it } from 'vitest';
import { CLUSTER_GRID_SIZE_PX } from '../cluster-style.ts';
import {
  latToUnitY,
  lngToUnitX,
  offsetByPixels,
  pixelDistance,
  unitXToLng,
  unitYToLat,
  worldSize,
} from '../mercator.ts';
import { ClusterIndex } from './cluster-index.ts';
import { scatteredPlaces, testPlace, viewAround, WORLD } from './test-places.ts';
import type { ClusterResult, IndexedPlace } from './types.ts';

const ZAGREB = { lat: 45.8, lng: 16.0 };

/** Every item of a result as a position with a count. */
function items(result: ClusterResult) {
  return [
    ...result.clusters.map((c) => ({ lat: c.lat, lng: c.lng, count: c.count })),
    ...result.places.map((p) => ({ lat: p.lat, lng: p.lng, count: 1 })),
  ];
}

/** The smallest screen distance between any two items. */
function closestPair(points: readonly { lat: number; lng: number }[], zoom: number): number {
  let closest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      closest = Math.min(closest, pixelDistance(points[i] as IndexedPlace, points[j] as IndexedPlace, zoom));
    }
  }
  return closest;
}

function totalCount(result: ClusterResult): number {
  return items(result).reduce((sum, item) => sum + item.count, 0);
}

describe('ClusterIndex: the 60-px grid of MarkerClustererPlus', () => {
  for (const zoom of [3, 8, 10, 14, 18]) {
    it(`joins two places 50 px apart at zoom ${zoom}, not two places 70 px apart`, () => {
      const near = offsetByPixels(ZAGREB, 30, 40, zoom);
      const far = offsetByPixels(ZAGREB, 42, 56, zoom);
      expect(pixelDistance(ZAGREB, near, zoom)).toBeCloseTo(50, 3);
      expect(pixelDistance(ZAGREB, far, zoom)).toBeCloseTo(70, 3);

      const joined = ClusterIndex.build([
        testPlace(1, ZAGREB.lat, ZAGREB.lng),
        testPlace(2, near.lat, near.lng),
      ]);
      const apart = ClusterIndex.build([
        testPlace(1, ZAGREB.lat, ZAGREB.lng),
        testPlace(2, far.lat, far.lng),
      ]);

      const bbox = viewAround(ZAGREB, zoom);
      const together = joined.query({ bbox, zoom });
      expect(together.places).toEqual([]);
      expect(together.clusters).toHaveLength(1);
      expect(together.clusters[0]).toMatchObject({ count: 2, tier: 1 });

      const separate = apart.query({ bbox, zoom });
      expect(separate.clusters).toEqual([]);
      expect(separate.places.map((p) => p.id).sort()).toEqual([1, 2]);
    });
  }

  it('never makes a cluster of one: a lone place is a place', () => {
    const lone = ClusterIndex.build([testPlace(7, 10, 10)]).query({ bbox: WORLD, zoom: 0 });
    expect(lone.clusters).toEqual([]);
    expect(lone.places.map((p) => p.id)).toEqual([7]);
    // 100° apart: far more than 60 px even on the 256-px world of zoom 0.
    const apart = ClusterIndex.build([testPlace(7, 10, 50), testPlace(8, -10, -50)]).query({
      bbox: WORLD,
      zoom: 0,
    });
    expect(apart.clusters).toEqual([]);
    expect(apart.places.map((p) => p.id).sort()).toEqual([7, 8]);
  });

  it('gives every cluster at least 2 places and the tier of its count', () => {
    const index = ClusterIndex.build(scatteredPlaces(3000, ZAGREB, 1, ['a', 'b', 'c']));
    for (const zoom of [0, 6, 9, 12, 15]) {
      const result = index.query({ bbox: WORLD, zoom });
      expect(totalCount(result)).toBe(3000);
      for (const cluster of result.clusters) {
        expect(cluster.count).toBeGreaterThanOrEqual(2);
        expect(cluster.tier).toBe(Math.min(5, String(cluster.count).length));
      }
    }
    expect(index.query({ bbox: WORLD, zoom: 0 }).clusters[0]).toMatchObject({ count: 3000, tier: 4 });
  });

  it('keeps co-located places one cluster at the highest zoom and beyond', () => {
    const places = [1, 2, 3].map((id) => testPlace(id, ZAGREB.lat, ZAGREB.lng));
    const index = ClusterIndex.build(places);
    for (const zoom of [18, 19, 22]) {
      const result = index.query({ bbox: WORLD, zoom });
      expect(result.places).toEqual([]);
      expect(result.clusters).toHaveLength(1);
      expect(result.clusters[0]?.count).toBe(3);
    }
    const lowMax = ClusterIndex.build(places, { maxZoom: 12 });
    expect(lowMax.query({ bbox: WORLD, zoom: 16 }).clusters[0]?.count).toBe(3);
  });

  it('splits a group at the zoom where its places are more than 60 px apart', () => {
    const other = offsetByPixels(ZAGREB, 40, 0, 12); // 40 px at 12, 80 px at 13
    const index = ClusterIndex.build([
      testPlace(1, ZAGREB.lat, ZAGREB.lng),
      testPlace(2, other.lat, other.lng),
    ]);
    expect(index.query({ bbox: viewAround(ZAGREB, 12), zoom: 12 }).clusters).toHaveLength(1);
    expect(index.query({ bbox: viewAround(ZAGREB, 13), zoom: 13 }).places).toHaveLength(2);
  });

  it('rejects a maxZoom above 22 (16-px cells of one unit), a non-finite zoom or box', () => {
    expect(() => ClusterIndex.build([], { maxZoom: 23 })).toThrow(RangeError);
    expect(() => ClusterIndex.build([], { maxZoom: 1.5 })).toThrow(RangeError);
    expect(() => ClusterIndex.build([testPlace(1, Number.NaN, 0)])).toThrow(/Place 1/);
    expect(() => ClusterIndex.build([]).query({ bbox: WORLD, zoom: Number.NaN })).toThrow(RangeError);
    expect(() => ClusterIndex.build([]).query({ bbox: { ...WORLD, east: Number.NaN }, zoom: 3 })).toThrow(
      /bbox/,
    );
  });

  it('reports its size', () => {
    expect(ClusterIndex.build(scatteredPlaces(123, ZAGREB, 1, ['a', 'b'])).size).toBe(123);
  });
});

describe('ClusterIndex: cluster bounds', () => {
  it('are the exact box around the places of each cluster', () => {
    const west = [testPlace(1, 45.0, 15.0), testPlace(2, 45.01, 15.02), testPlace(3, 44.99, 15.01)];
    const east = [testPlace(4, 45.0, 18.0), testPlace(5, 45.02, 17.99)];
    const index = ClusterIndex.build([...west, ...east]);
    const bbox = { west: 14, south: 44, east: 19, north: 46 };
    const clusters = index.query({ bbox, zoom: 9 }).clusters.sort((a, b) => a.lng - b.lng);
    expect(clusters.map((c) => c.count)).toEqual([3, 2]);
    expect(clusters[0]?.bounds).toEqual({ west: 15.0, south: 44.99, east: 15.02, north: 45.01 });
    expect(clusters[1]?.bounds).toEqual({ west: 17.99, south: 45.0, east: 18.0, north: 45.02 });
  });

  it('contain every place a cluster holds, at every zoom', () => {
    const places = scatteredPlaces(2000, ZAGREB, 0.8, ['a', 'b', 'c'], 7);
    const index = ClusterIndex.build(places);
    for (const zoom of [4, 8, 10, 12, 14]) {
      const result = index.query({ bbox: WORLD, zoom });
      const shown = new Set(result.places.map((p) => p.id));
      for (const cluster of result.clusters) {
        const { west, south, east, north } = cluster.bounds;
        expect(cluster.lat).toBeGreaterThanOrEqual(south);
        expect(cluster.lat).toBeLessThanOrEqual(north);
        expect(cluster.lng).toBeGreaterThanOrEqual(west);
        expect(cluster.lng).toBeLessThanOrEqual(east);
        const inside = places.filter(
          (p) => p.lat >= south && p.lat <= north && p.lng >= west && p.lng <= east,
        );
        expect(inside.length).toBeGreaterThanOrEqual(cluster.count);
      }
      // A place not shown on its own is inside some cluster's bounds.
      for (const place of places) {
        if (shown.has(place.id)) continue;
        const held = result.clusters.some(
          ({ bounds: b }) =>
            place.lat >= b.south && place.lat <= b.north && place.lng >= b.west && place.lng <= b.east,
        );
        expect(held, `place ${place.id} at zoom ${zoom}`).toBe(true);
      }
    }
  });
});

describe('ClusterIndex: category filters', () => {
  const places = scatteredPlaces(1500, ZAGREB, 0.6, ['pharmacy', 'shelter', 'water'], 3);
  const index = ClusterIndex.build(places);
  const bbox = { west: 15.0, south: 45.2, east: 17.0, north: 46.4 };

  it('answers one category exactly as an index of only that category would', () => {
    const only = ClusterIndex.build(places.filter((p) => p.category === 'shelter'));
    for (const zoom of [5, 9, 11, 13, 16]) {
      const filtered = index.query({ bbox, zoom, categories: ['shelter'] });
      const expected = only.query({ bbox, zoom });
      expect(filtered.places).toEqual(expected.places);
      expect(
        filtered.clusters.map(({ id, ...rest }) => ({ ...rest, id: id.replace('cat:shelter:', '') })),
      ).toEqual(expected.clusters.map(({ id, ...rest }) => ({ ...rest, id: id.replace('all:', '') })));
      expect(filtered.places.every((p) => p.category === 'shelter')).toBe(true);
    }
  });

  it('merges several categories so counts add up and no two items are within 60 px', () => {
    const inView = places.filter((p) => p.category !== 'water').length;
    for (const zoom of [6, 9, 10, 11, 12, 13, 15]) {
      const result = index.query({ bbox: WORLD, zoom, categories: ['pharmacy', 'shelter'] });
      expect(totalCount(result), `zoom ${zoom}`).toBe(inView);
      expect(result.places.every((p) => p.category !== 'water')).toBe(true);
      expect(closestPair(items(result), zoom), `zoom ${zoom}`).toBeGreaterThan(CLUSTER_GRID_SIZE_PX);
      for (const cluster of result.clusters)
        expect(cluster.tier).toBe(Math.min(5, String(cluster.count).length));
    }
  });

  it('joins overlapping clusters of two categories into one, with summed count and union of bounds', () => {
    const five = (category: string, firstId: number, dLng: number) =>
      Array.from({ length: 5 }, (_, i) =>
        testPlace(firstId + i, 45.8 + i * 0.0001, 16.0 + dLng + i * 0.0001, { category }),
      );
    // A third category elsewhere, so that 'a' and 'b' are not every category (answered unmerged).
    const two = ClusterIndex.build([
      ...five('a', 1, 0),
      ...five('b', 10, 0.001),
      testPlace(99, 0, 0, { category: 'c' }),
    ]);
    const result = two.query({ bbox: viewAround(ZAGREB, 14), zoom: 14, categories: ['a', 'b'] });
    expect(result.places).toEqual([]);
    expect(result.clusters).toHaveLength(1);
    const [merged] = result.clusters;
    expect(merged).toMatchObject({ count: 10, tier: 2 });
    expect(merged?.id).toMatch(/^z14:/);
    expect(merged?.bounds.west).toBeCloseTo(16.0, 9);
    expect(merged?.bounds.east).toBeCloseTo(16.0014, 9);
    expect(merged?.bounds.south).toBeCloseTo(45.8, 9);
    expect(merged?.bounds.north).toBeCloseTo(45.8004, 9);
    expect(merged?.lng).toBeGreaterThan(16.0);
    expect(merged?.lng).toBeLessThan(16.0014);
  });

  it('gives the same merged ids on every query', () => {
    const q = { bbox, zoom: 10, categories: ['pharmacy', 'shelter'] };
    expect(index.query(q).clusters.map((c) => c.id)).toEqual(index.query(q).clusters.map((c) => c.id));
  });

  it('matches nothing for an unknown slug and ignores it beside known ones', () => {
    expect(index.query({ bbox, zoom: 10, categories: ['unknown'] })).toEqual({ clusters: [], places: [] });
    expect(index.query({ bbox, zoom: 10, categories: ['unknown', 'water'] })).toEqual(
      index.query({ bbox, zoom: 10, categories: ['water'] }),
    );
  });

  it('treats no filter, an empty filter and every category alike', () => {
    const all = index.query({ bbox, zoom: 10 });
    expect(index.query({ bbox, zoom: 10, categories: [] })).toEqual(all);
    expect(index.query({ bbox, zoom: 10, categories: ['water', 'shelter', 'pharmacy'] })).toEqual(all);
  });
});

describe('ClusterIndex: built in halves', () => {
  const places = scatteredPlaces(800, ZAGREB, 0.6, ['pharmacy', 'shelter', 'water'], 5);
  const both = ClusterIndex.build(places);
  const bbox = { west: 15.0, south: 45.2, east: 17.0, north: 46.4 };

  it('answers unfiltered queries from the all-places half exactly as the whole index', () => {
    const all = ClusterIndex.build(places, { scope: 'all' });
    for (const zoom of [6, 10, 14]) expect(all.query({ bbox, zoom })).toEqual(both.query({ bbox, zoom }));
    expect(() => all.query({ bbox, zoom: 10, categories: ['water'] })).toThrow(/without category filters/);
  });

  it('answers filtered queries from the categories half exactly as the whole index', () => {
    const categories = ClusterIndex.build(places, { scope: 'categories' });
    for (const filter of [['water'], ['pharmacy', 'shelter']]) {
      for (const zoom of [6, 10, 14]) {
        const q = { bbox, zoom, categories: filter };
        expect(categories.query(q)).toEqual(both.query(q));
      }
    }
    expect(() => categories.query({ bbox, zoom: 10 })).toThrow(/category filters only/);
  });
});

describe('ClusterIndex: place names', () => {
  const place = (id: number, name: Record<string, string>, primaryLanguage: string): IndexedPlace =>
    testPlace(id, id, id * 20, { name, primaryLanguage });
  const index = ClusterIndex.build([
    place(1, { hr: 'Ljekarna', en: 'Pharmacy' }, 'hr'),
    place(2, { hr: 'Sklonište' }, 'hr'),
    place(3, { de: 'Wasser' }, 'en'),
  ]);
  const names = (lang?: string) =>
    Object.fromEntries(index.query({ bbox: WORLD, zoom: 5, lang }).places.map((p) => [p.id, p.name]));

  it('gives the name in the asked language, else the primary language, else any', () => {
    expect(names('en')).toEqual({ 1: 'Pharmacy', 2: 'Sklonište', 3: 'Wasser' });
    expect(names('hr')).toEqual({ 1: 'Ljekarna', 2: 'Sklonište', 3: 'Wasser' });
    expect(names()).toEqual({ 1: 'Ljekarna', 2: 'Sklonište', 3: 'Wasser' });
  });
});

describe('ClusterIndex: place attributes', () => {
  it('answers each single place with its id, position, category, radius and location privacy', () => {
    const index = ClusterIndex.build([
      testPlace(1, 45.8, 16.0, { category: 'water', radius: 250, locationPrivacy: '100m' }),
      testPlace(2, -33.9, 151.2, { category: 'shelter', radius: null, locationPrivacy: '1km' }),
    ]);
    const places = index.query({ bbox: WORLD, zoom: 3 }).places.sort((a, b) => a.id - b.id);
    expect(places).toEqual([
      {
        id: 1,
        lat: 45.8,
        lng: 16.0,
        category: 'water',
        name: 'Place 1',
        radius: 250,
        locationPrivacy: '100m',
        stale: false,
      },
      {
        id: 2,
        lat: -33.9,
        lng: 151.2,
        category: 'shelter',
        name: 'Place 2',
        radius: null,
        locationPrivacy: '1km',
        stale: false,
      },
    ]);
  });

  it('marks a place stale when it was confirmed before the query’s staleBefore', () => {
    const index = ClusterIndex.build([
      { ...testPlace(1, 45.8, 16.0), confirmedAt: 1000 },
      { ...testPlace(2, -33.9, 151.2), confirmedAt: 5000 },
      testPlace(3, 10, 10),
    ]);
    const stale = (staleBefore?: number) =>
      index
        .query({ bbox: WORLD, zoom: 3, staleBefore })
        .places.sort((a, b) => a.id - b.id)
        .map((place) => place.stale);
    expect(stale(3000)).toEqual([true, false, false]);
    expect(stale(6000)).toEqual([true, true, false]);
    expect(stale()).toEqual([false, false, false]);
  });
});

describe('ClusterIndex: the antimeridian', () => {
  const places: IndexedPlace[] = [
    testPlace(1, -17, 178, { category: 'a' }),
    testPlace(2, -17.5, -178, { category: 'b' }),
    testPlace(3, 0, 0, { category: 'a' }),
  ];
  const index = ClusterIndex.build(places);
  const acrossPacific = { west: 170, south: -30, east: -170, north: 0 };

  it('reads a box with west > east as crossing ±180°', () => {
    const ids = index.query({ bbox: acrossPacific, zoom: 6 }).places.map((p) => p.id);
    expect(ids.sort()).toEqual([1, 2]);
    const filtered = index.query({ bbox: acrossPacific, zoom: 6, categories: ['a', 'b'] });
    expect(filtered.places.map((p) => p.id).sort()).toEqual([1, 2]);
  });

  it('merges categories across ±180° into a cluster whose bounds cross it', () => {
    const close = [
      testPlace(1, -17, 179.999, { category: 'a' }),
      testPlace(2, -17, -179.999, { category: 'b' }),
      testPlace(3, 0, 0, { category: 'c' }),
    ];
    const result = ClusterIndex.build(close).query({ bbox: acrossPacific, zoom: 10, categories: ['a', 'b'] });
    expect(result.clusters).toHaveLength(1);
    const [cluster] = result.clusters;
    expect(cluster?.count).toBe(2);
    expect(cluster?.bounds.west).toBeCloseTo(179.999, 9);
    expect(cluster?.bounds.east).toBeCloseTo(-179.999, 9);
    expect(Math.abs(cluster?.lng ?? 0)).toBeGreaterThan(179.99);
  });
});

describe('ClusterIndex: panning', () => {
  const places = scatteredPlaces(4000, ZAGREB, 0.6, ['a', 'b'], 9);
  const index = ClusterIndex.build(places);

  it('keeps the clusters of a view when it pans by a few pixels within the 64-px grid', () => {
    const zoom = 11;
    const size = worldSize(zoom);
    // A view whose edges lie 20–36 px past multiples of 64 px, panned 30 px east and 8 px south.
    const left = Math.floor((lngToUnitX(ZAGREB.lng) * size) / 64) * 64 + 20;
    const top = Math.floor((latToUnitY(ZAGREB.lat) * size) / 64) * 64 + 20;
    const view = (dx: number, dy: number) => ({
      west: unitXToLng((left + dx) / size),
      south: unitYToLat((top + dy + 400) / size),
      east: unitXToLng((left + dx + 1280) / size),
      north: unitYToLat((top + dy) / size),
    });
    const before = index.query({ bbox: view(0, 0), zoom });
    const after = index.query({ bbox: view(30, 8), zoom });
    const [first, panned] = [view(0, 0), view(30, 8)];
    const inBoth = (c: { lat: number; lng: number }) =>
      c.lat >= first.south && c.lat <= panned.north && c.lng >= panned.west && c.lng <= first.east;
    expect(before.clusters.length).toBeGreaterThan(10);
    expect(after.clusters.filter(inBoth)).toEqual(before.clusters.filter(inBoth));
  });
});
