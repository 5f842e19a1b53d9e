import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bounds } from '../types.ts';
import { ClusterIndex } from './cluster-index.ts';
import { seededRandom, testPlace } from './test-places.ts';
import type { CountQuery, IndexedPlace, ValueFilter } from './types.ts';
import { matchesFilters } from './value-filters.ts';

const CATEGORIES = ['a', 'b', 'c'];
/** Zagreb, a spot beside it, and one on the antimeridian. */
const SPOTS = [
  { lat: 45.8, lng: 16.0 },
  { lat: 45.81, lng: 16.02 },
  { lat: -17, lng: 179.99 },
];
/** PostgreSQL's tolerance in geometric comparisons, which the server passes. */
const TOLERANCE = 1e-6;
/** Positions are on a grid of this step (degrees), so box edges on the grid meet places exactly. */
const GRID = 0.0005;

/** `count` places around the spots, on the grid, some of them sharing a position. */
function gridPlaces(count: number, seed: number, firstId = 1): IndexedPlace[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const spot = SPOTS[Math.floor(random() * SPOTS.length)] as { lat: number; lng: number };
    const lat = spot.lat + Math.round((random() - 0.5) * 80) * GRID;
    let lng = spot.lng + Math.round((random() - 0.5) * 80) * GRID;
    if (lng > 180) lng -= 360;
    return testPlace(firstId + i, lat, lng, {
      category: CATEGORIES[i % CATEGORIES.length] as string,
      ...(random() < 0.5 ? { hoursId: Math.floor(random() * 3) } : {}),
      ...(random() < 0.7 ? { values: { indoor: random() < 0.5 ? 'true' : 'false' } } : {}),
    });
  });
}

/** The places a count should find, compared as the index is documented to compare. */
function expectedCount(places: Iterable<IndexedPlace>, open: ReadonlySet<number>, q: CountQuery): number {
  const tolerance = q.edgeTolerance ?? 0;
  const inBox = (place: IndexedPlace, [west, south, east, north]: number[]) =>
    place.lng - (east as number) <= tolerance &&
    (west as number) - place.lng <= tolerance &&
    place.lat - (north as number) <= tolerance &&
    (south as number) - place.lat <= tolerance;
  let count = 0;
  for (const place of places) {
    if (q.categories?.length && !q.categories.includes(place.category)) continue;
    if (q.openNow && (place.hoursId === undefined || !open.has(place.hoursId))) continue;
    if (!matchesFilters(place.values, q.filters ?? [])) continue;
    if (q.bbox) {
      const { west, south, east, north } = q.bbox;
      const boxes =
        west <= east
          ? [[west, south, east, north]]
          : [
              [west, south, 180, north],
              [-180, south, east, north],
            ];
      if (!boxes.some((box) => inBox(place, box))) continue;
    }
    count += 1;
  }
  return count;
}

/** An edge on the grid near a spot, nudged by nothing, half the tolerance, the tolerance or twice it. */
const edge = (centre: number, reach: number) =>
  fc
    .record({
      steps: fc.integer({ min: -reach, max: reach }),
      nudge: fc.constantFrom(0, 0, TOLERANCE / 2, -TOLERANCE / 2, TOLERANCE, -TOLERANCE, 2 * TOLERANCE),
    })
    .map(({ steps, nudge }) => centre + steps * GRID + nudge);

const boxArbitrary: fc.Arbitrary<Bounds> = fc.constantFrom(...SPOTS).chain((spot) =>
  fc
    .tuple(edge(spot.lng, 50), edge(spot.lng, 50), edge(spot.lat, 50), edge(spot.lat, 50))
    .map(([a, b, c, d]) => {
      const wrap = (lng: number) => (lng > 180 ? lng - 360 : lng);
      // Near the antimeridian the box may cross it (west > east once wrapped).
      return {
        west: wrap(Math.min(a, b)),
        east: wrap(Math.max(a, b)),
        south: Math.min(c, d),
        north: Math.max(c, d),
      };
    }),
);

const filtersArbitrary: fc.Arbitrary<ValueFilter[] | undefined> = fc.option(
  fc.constantFrom<ValueFilter[]>(
    [{ key: 'indoor', anyOf: ['true'] }],
    [{ key: 'indoor', anyOf: ['false', 'true'] }],
  ),
  { nil: undefined },
);

const queryArbitrary: fc.Arbitrary<CountQuery> = fc.record(
  {
    bbox: boxArbitrary,
    categories: fc.subarray([...CATEGORIES, 'unknown']),
    openNow: fc.boolean(),
    filters: filtersArbitrary,
    edgeTolerance: fc.constantFrom(0, TOLERANCE),
  },
  { requiredKeys: ['edgeTolerance'] },
);

describe('ClusterIndex.count', () => {
  it('counts the matching places in a box, edges included, after any changes, as a scan of them does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 600 }),
        fc.array(queryArbitrary, { minLength: 1, maxLength: 8 }),
        (seed, changes, queries) => {
          const open = new Set([0, 2]);
          const live = new Map(gridPlaces(3000, seed).map((place) => [place.id, place]));
          const index = ClusterIndex.build([...live.values()], { openHours: open });
          // Moves and new places go to the deltas, removals leave tombstones in the bases.
          const random = seededRandom(seed + 1);
          for (const moved of gridPlaces(changes, seed + 2, 1 + Math.floor(random() * 3000))) {
            if (random() < 0.3) {
              index.remove(moved.id);
              live.delete(moved.id);
            } else {
              index.upsert(moved);
              live.set(moved.id, moved);
            }
          }
          for (const q of queries) expect(index.count(q)).toBe(expectedCount(live.values(), open, q));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('counts every matching place without a box, and refuses a box that is not four numbers', () => {
    const places = gridPlaces(500, 7);
    const index = ClusterIndex.build(places, { openHours: new Set([1]) });
    expect(index.count({})).toBe(500);
    const filters = [{ key: 'indoor', anyOf: ['true'] }];
    expect(index.count({ categories: ['b'], filters })).toBe(
      expectedCount(places, new Set([1]), { categories: ['b'], filters }),
    );
    expect(() => index.count({ bbox: { west: Number.NaN, south: 0, east: 1, north: 1 } })).toThrow(
      RangeError,
    );
  });

  it('counts many places in one spot, on the edge and inside', () => {
    // 10 000 places share a position: one unit cell holds them all, compared one by one on an edge.
    const places = [
      ...gridPlaces(20_000, 3),
      ...Array.from({ length: 10_000 }, (_, i) => testPlace(100_000 + i, 45.8, 16.0)),
    ];
    const index = ClusterIndex.build(places);
    for (const bbox of [
      { west: 15.99, south: 45.79, east: 16.03, north: 45.82 },
      { west: 16.0, south: 45.8, east: 16.01, north: 45.81 },
      // Edges a fraction of a unit cell (5.4e-6°) beside the spot: its cell is on the edge.
      { west: 15.99, south: 45.79, east: 16.0 - TOLERANCE / 2, north: 45.8 },
      { west: 16.0 + TOLERANCE / 2, south: 45.79, east: 16.01, north: 45.81 },
      { west: 15.99, south: 45.8 + TOLERANCE / 2, east: 16.01, north: 45.81 },
      { west: 15.99, south: 45.79, east: 16.01, north: 45.8 - TOLERANCE / 2 },
    ]) {
      for (const edgeTolerance of [0, TOLERANCE]) {
        expect(index.count({ bbox, edgeTolerance })).toBe(
          expectedCount(places, new Set(), { bbox, edgeTolerance }),
        );
      }
    }
  });
});
