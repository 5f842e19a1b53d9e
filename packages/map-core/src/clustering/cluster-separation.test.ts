import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLUSTER_GRID_SIZE_PX } from '../cluster-style.ts';
import { latToUnitY, lngToUnitX, offsetByPixels, worldSize } from '../mercator.ts';
import type { Bounds } from '../types.ts';
import { ClusterIndex } from './cluster-index.ts';
import { answerZoom } from './limits.ts';
import { seededRandom, testPlace, viewAround } from './test-places.ts';
import type { ClusterResult, IndexedPlace } from './types.ts';
import { UNIT_ZOOM } from './units.ts';

const ZAGREB = { lat: 45.8, lng: 16.0 };
const CATEGORIES = ['a', 'b', 'c'];
const MAX_ZOOM = 18;

/** Spots places gather at, one on the antimeridian. */
const SPOTS = [ZAGREB, { lat: 45.83, lng: 16.05 }, { lat: -17, lng: 179.99 }];

/**
 * Clumps of places around a spot, each clump a random size and spread (from co-located to ~20 km),
 * so heavy groups sit next to light ones at every zoom: the layouts whose weighted centres drift
 * towards each other after the greedy grouping.
 */
const clumpArbitrary = fc.record({
  spot: fc.constantFrom(...SPOTS),
  dLat: fc.integer({ min: -2000, max: 2000 }),
  dLng: fc.integer({ min: -2000, max: 2000 }),
  spread: fc.constantFrom(0, 0.0005, 0.003, 0.02, 0.1),
  size: fc.integer({ min: 1, max: 60 }),
  seed: fc.integer(),
  category: fc.constantFrom(...CATEGORIES),
});

type Clump = typeof clumpArbitrary extends fc.Arbitrary<infer T> ? T : never;

function placesOf(clumps: readonly Clump[]) {
  const places: IndexedPlace[] = [];
  for (const clump of clumps) {
    const random = seededRandom(clump.seed);
    for (let i = 0; i < clump.size; i++) {
      const id = places.length + 1;
      const lat = clump.spot.lat + clump.dLat / 10_000 + (random() - 0.5) * clump.spread;
      const lng = clump.spot.lng + clump.dLng / 10_000 + (random() - 0.5) * clump.spread * 1.4;
      places.push(testPlace(id, lat, lng > 180 ? lng - 360 : lng, { category: clump.category }));
    }
  }
  return places;
}

/** Screen x of a longitude in a view: east of its west edge, across ±180° when the view crosses it. */
function screenX(lng: number, bbox: Bounds, zoom: number): number {
  return lngToUnitX(lng < bbox.west ? lng + 360 : lng) * worldSize(zoom);
}

/** The smallest screen distance between two answered items, as the view draws them. */
function closestPair(result: ClusterResult, bbox: Bounds, zoom: number): number {
  const points = [...result.clusters, ...result.places].map((item) => ({
    x: screenX(item.lng, bbox, zoom),
    y: latToUnitY(item.lat) * worldSize(zoom),
  }));
  let closest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const [p, q] = [points[i], points[j]] as [{ x: number; y: number }, { x: number; y: number }];
      closest = Math.min(closest, Math.hypot(p.x - q.x, p.y - q.y));
    }
  }
  return closest;
}

describe('ClusterIndex: no two answered items overlap', () => {
  it("merges a small cluster into a heavy one whose centre drifted within 60 px of it, keeping the heavy one's id", () => {
    const zoom = 14;
    const at = (dx: number, firstId: number, count: number) => {
      const { lat, lng } = offsetByPixels(ZAGREB, dx, 0, zoom);
      return Array.from({ length: count }, (_, i) => testPlace(firstId + i, lat, lng));
    };
    // The seed (100 places) takes the 99 places 58 px east: their centre lies 28.9 px east, 56 px
    // from the two places 85 px east, which the seed, 85 px from them, left alone.
    const heavy = [...at(0, 1, 100), ...at(58, 101, 99)];
    const bbox = viewAround(ZAGREB, zoom);
    const [alone] = ClusterIndex.build(heavy).query({ bbox, zoom }).clusters;
    const result = ClusterIndex.build([...heavy, ...at(85, 200, 2)]).query({ bbox, zoom });
    expect(result.places).toEqual([]);
    expect(result.clusters).toHaveLength(1);
    expect(result.clusters[0]).toMatchObject({ id: alone?.id, count: 201, tier: 3 });
    expect(result.clusters[0]?.bounds.east).toBeCloseTo(offsetByPixels(ZAGREB, 85, 0, zoom).lng, 9);
  });

  it('keeps every two items of an answer more than 60 px apart, for any places, view, zoom and filter', () => {
    fc.assert(
      fc.property(
        fc.array(clumpArbitrary, { minLength: 1, maxLength: 25 }),
        fc.array(
          fc.record({
            spot: fc.constantFrom(...SPOTS),
            zoom: fc.integer({ min: 0, max: 20 }),
            // The view's centre moved by up to a view's size, so edges fall anywhere.
            dx: fc.integer({ min: -1280, max: 1280 }),
            dy: fc.integer({ min: -400, max: 400 }),
            categories: fc.option(fc.subarray(CATEGORIES, { minLength: 1 }), { nil: undefined }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (clumps, views) => {
          const index = ClusterIndex.build(placesOf(clumps), { maxZoom: MAX_ZOOM });
          for (const view of views) {
            const bbox = viewAround(offsetByPixels(view.spot, view.dx, view.dy, view.zoom), view.zoom);
            const result = index.query({ bbox, zoom: view.zoom, categories: view.categories });
            const zoom = answerZoom(bbox, view.zoom, MAX_ZOOM);
            // Positions are whole units (one pixel at zoom 18): a drawn item lies less than one unit
            // from the unit position the engine measured, in each axis.
            const rounding = 2 * Math.SQRT2 * 2 ** (zoom - UNIT_ZOOM);
            expect(closestPair(result, bbox, zoom)).toBeGreaterThan(CLUSTER_GRID_SIZE_PX - rounding);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
