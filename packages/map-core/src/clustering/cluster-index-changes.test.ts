import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClusterIndex } from './cluster-index.ts';
import { MAX_MAP_FEATURES } from './limits.ts';
import { scatteredPlaces, testPlace, viewAround, WORLD } from './test-places.ts';
import type { ClusterQuery, IndexedPlace } from './types.ts';

const ZAGREB = { lat: 45.8, lng: 16.0 };
const CATEGORIES = ['a', 'b', 'c'];

/** Spots places gather at: near each other at every zoom, on the antimeridian, and co-located. */
const SPOTS = [ZAGREB, { lat: 45.81, lng: 16.02 }, { lat: -17, lng: 179.99 }, { lat: 0, lng: 0 }];

/** Ids from a small range, so that changes often hit a place already there. */
const MAX_ID = 400;

const placeArbitrary = fc
  .record({
    id: fc.integer({ min: 1, max: MAX_ID }),
    // Most places in one spot: cells of more than 64 places exercise the sparse tables.
    spot: fc.oneof({ weight: 5, arbitrary: fc.constant(ZAGREB) }, fc.constantFrom(...SPOTS)),
    // Offsets from 0 (co-located) to ~2 km, rounded so that equal positions happen.
    dLat: fc.integer({ min: -200, max: 200 }),
    dLng: fc.integer({ min: -200, max: 200 }),
    category: fc.constantFrom(...CATEGORIES),
    lang: fc.constantFrom('hr', 'en'),
  })
  .map(({ id, spot, dLat, dLng, category, lang }) =>
    testPlace(id, spot.lat + dLat / 10_000, spot.lng + dLng / 10_000, {
      category,
      name: { [lang]: `Place ${id} ${lang}` },
      primaryLanguage: lang,
    }),
  );

const changeArbitrary = fc.oneof(
  placeArbitrary.map((place) => ({ kind: 'upsert' as const, place })),
  fc.integer({ min: 1, max: MAX_ID }).map((id) => ({ kind: 'remove' as const, id })),
  fc.constant({ kind: 'compact' as const }),
);

const queryArbitrary: fc.Arbitrary<ClusterQuery> = fc
  .record({
    spot: fc.constantFrom(...SPOTS),
    zoom: fc.integer({ min: 0, max: 20 }),
    categories: fc.option(fc.subarray([...CATEGORIES, 'unknown']), { nil: undefined }),
  })
  .map(({ spot, zoom, categories }) => ({ bbox: viewAround(spot, zoom), zoom, categories, lang: 'en' }));

describe('ClusterIndex: changes', () => {
  it('answers after any inserts, moves, removals and compactions as a fresh build of the final places', () => {
    fc.assert(
      fc.property(
        // fast-check keeps arrays short unless told: cells of many places need hundreds.
        fc.array(placeArbitrary, { maxLength: 400, size: 'max' }),
        fc.array(changeArbitrary, { maxLength: 150, size: 'max' }),
        fc.array(queryArbitrary, { minLength: 1, maxLength: 8 }),
        (initial, changes, queries) => {
          const index = ClusterIndex.build(initial);
          const final = new Map<number, IndexedPlace>(initial.map((p) => [p.id, p]));
          for (const change of changes) {
            if (change.kind === 'upsert') {
              index.upsert(change.place);
              final.set(change.place.id, change.place);
            } else if (change.kind === 'remove') {
              index.remove(change.id);
              final.delete(change.id);
            } else {
              index.compact();
            }
          }
          // Built in another order than the changes came in: the answer must not depend on it.
          const fresh = ClusterIndex.build([...final.values()].reverse());
          expect(index.size).toBe(final.size);
          for (const q of [...queries, { bbox: WORLD, zoom: 2 }])
            expect(index.query(q)).toEqual(fresh.query(q));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('compacts on its own past max(2 000, size / 200) changes, answering the same', () => {
    const places = scatteredPlaces(3000, ZAGREB, 0.5, CATEGORIES, 11);
    const index = ClusterIndex.build(places.slice(0, 900));
    for (const place of places.slice(900)) index.upsert(place);
    // The 2 001st change compacted; 99 came after it.
    expect(index.pendingChanges).toBe(99);
    const fresh = ClusterIndex.build(places);
    for (const zoom of [6, 10, 13]) {
      const q = { bbox: viewAround(ZAGREB, zoom), zoom, categories: ['a', 'b'] };
      expect(index.query(q)).toEqual(fresh.query(q));
    }
  });

  it('rejects a place without a finite position and keeps the index as it was', () => {
    const index = ClusterIndex.build([testPlace(1, 45.8, 16)]);
    expect(() => index.upsert(testPlace(1, Number.NaN, 16))).toThrow(/Place 1/);
    expect(index.size).toBe(1);
    expect(index.query({ bbox: WORLD, zoom: 3 }).places.map((p) => [p.id, p.lat])).toEqual([[1, 45.8]]);
  });

  it('ignores the removal of an unknown id', () => {
    const index = ClusterIndex.build([testPlace(1, 45.8, 16)]);
    index.remove(2);
    expect(index.size).toBe(1);
    expect(index.pendingChanges).toBe(0);
  });
});

describe('ClusterIndex: the feature cap', () => {
  it('answers a whole-world box at zoom 22 with at most MAX_MAP_FEATURES items, counting every place', () => {
    // Spread over the whole world, so answering at the asked zoom would show every place alone.
    const places = Array.from({ length: 30_000 }, (_, i) =>
      testPlace(i + 1, ((i * 7919) % 16_000) / 100 - 80, ((i * 104_729) % 35_900) / 100 - 179.5),
    );
    const result = ClusterIndex.build(places, { maxZoom: 22 }).query({ bbox: WORLD, zoom: 22 });
    const features = result.clusters.length + result.places.length;
    expect(features).toBeLessThanOrEqual(MAX_MAP_FEATURES);
    expect(result.clusters.reduce((sum, c) => sum + c.count, 0) + result.places.length).toBe(30_000);
  });
});
