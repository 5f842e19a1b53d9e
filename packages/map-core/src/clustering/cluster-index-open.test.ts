import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClusterIndex } from './cluster-index.ts';
import { scatteredPlaces, seededRandom, testPlace, viewAround, WORLD } from './test-places.ts';
import type { ClusterQuery, ClusterResult, IndexedPlace } from './types.ts';

const ZAGREB = { lat: 45.8, lng: 16.0 };
const CATEGORIES = ['a', 'b', 'c'];
const FILTERS = [undefined, ['a'], ['a', 'b'], ['a', 'b', 'c'], ['unknown', 'c']];
const EMPTY: ClusterResult = { clusters: [], places: [] };

/** Views of Zagreb from the whole world down to streets, each with every filter. */
const QUERIES: ClusterQuery[] = [
  ...[3, 8, 11, 14].map((zoom) => ({ bbox: viewAround(ZAGREB, zoom), zoom })),
  { bbox: WORLD, zoom: 2 },
].flatMap((q) => FILTERS.map((categories) => ({ ...q, categories, lang: 'en' })));

function isOpen(place: IndexedPlace, open: ReadonlySet<number>): boolean {
  return place.hoursId !== undefined && open.has(place.hoursId);
}

/**
 * That `index` answers open-now queries as an index of only the open places, and the others as an
 * index of every place given the same open hours.
 */
function expectAnswersOf(index: ClusterIndex, places: readonly IndexedPlace[], open: ReadonlySet<number>) {
  const onlyOpen = ClusterIndex.build(places.filter((place) => isOpen(place, open)));
  // Built in another order than the changes came in: the answer must not depend on it.
  const fresh = ClusterIndex.build([...places].reverse());
  fresh.setOpenHours(open);
  for (const q of QUERIES) {
    expect(index.query({ ...q, openNow: true })).toEqual(onlyOpen.query(q));
    expect(index.query({ ...q, openNow: true })).toEqual(fresh.query({ ...q, openNow: true }));
    expect(index.query(q)).toEqual(fresh.query(q));
  }
}

function totalCount(result: ClusterResult): number {
  return result.clusters.reduce((sum, cluster) => sum + cluster.count, 0) + result.places.length;
}

/** Half the places have hours 0, an eighth each hours 1, 2 and 3, an eighth none. */
function hoursOf(id: number): number | undefined {
  return [0, 0, 0, 0, 1, 2, 3, undefined][id % 8];
}

describe('ClusterIndex: places open now', () => {
  const places: IndexedPlace[] = scatteredPlaces(6000, ZAGREB, 0.6, CATEGORIES, 21).map((place) => ({
    ...place,
    hoursId: hoursOf(place.id),
  }));

  it('answers as an index of the open places alone, through small and large changes of the open hours', () => {
    const index = ClusterIndex.build(places);
    const final = new Map(places.map((place) => [place.id, place]));
    const random = seededRandom(5);
    let open: ReadonlySet<number> = new Set();

    /** Sets the open hours, expecting `rebuilt` and as many flips as the places' hours make. */
    const setOpen = (next: ReadonlySet<number>, rebuilt: boolean) => {
      const flips = [...final.values()].filter((place) => isOpen(place, open) !== isOpen(place, next)).length;
      const pendingOpen = index.pendingOpenChanges;
      expect(index.setOpenHours(next)).toEqual({ changed: flips, rebuilt });
      // A rebuild is of the open layers alone (the changes of places stay pending).
      expect(index.pendingOpenChanges).toBe(rebuilt ? 0 : pendingOpen + flips);
      expect(index.pendingChanges).toBeGreaterThanOrEqual(index.pendingOpenChanges);
      open = next;
      expectAnswersOf(index, [...final.values()], open);
    };
    /** New hours, positions and categories for some places, new places, and removals. */
    const change = (count: number) => {
      for (let i = 0; i < count; i++) {
        const id = 1 + Math.floor(random() * 6100);
        if (random() < 0.2) {
          index.remove(id);
          final.delete(id);
          continue;
        }
        const place = testPlace(
          id,
          ZAGREB.lat + (random() - 0.5) * 0.6,
          ZAGREB.lng + (random() - 0.5) * 0.8,
          {
            category: CATEGORIES[Math.floor(random() * 3)] as string,
            hoursId: hoursOf(Math.floor(random() * 8)),
          },
        );
        index.upsert(place);
        final.set(id, place);
      }
      expectAnswersOf(index, [...final.values()], open);
    };

    expectAnswersOf(index, places, open);
    setOpen(new Set([0, 1]), true); // 3 750 open at once: past 2 000 changes
    change(60);
    setOpen(new Set([0, 2]), false); // ~750 close and ~750 open, one by one
    setOpen(new Set([0, 2]), false); // the same hours: nothing flips
    change(60);
    setOpen(new Set([2, 3]), true); // ~3 000 close
    setOpen(new Set([1, 2, 3]), false);
    change(60);
    setOpen(new Set(), true); // everything closes: ~2 250 plus the pending changes
  });

  it('rebuilds only the open layers at a large flip, leaving the changes of places pending', () => {
    const index = ClusterIndex.build(places);
    const added = Array.from({ length: 10 }, (_, i) =>
      testPlace(100_000 + i, ZAGREB.lat + i * 0.01, ZAGREB.lng, {
        category: 'b',
        hoursId: i % 2 === 0 ? 0 : 2,
      }),
    );
    for (const place of added) index.upsert(place);
    expect([index.pendingChanges, index.pendingOpenChanges]).toEqual([10, 0]);
    const open = new Set([0, 1]); // 3 750 + 5 open at once
    expect(index.setOpenHours(open)).toEqual({ changed: 3755, rebuilt: true });
    expect([index.pendingChanges, index.pendingOpenChanges]).toEqual([10, 0]);
    expectAnswersOf(index, [...places, ...added], open);
  });

  it('builds with hours open from the start, as if they had been set after, with nothing pending', () => {
    const open = new Set([0, 2]);
    const index = ClusterIndex.build(places, { openHours: open });
    expect(index.pendingChanges).toBe(0);
    expectAnswersOf(index, places, open);
    // Setting the same hours again moves nothing.
    expect(index.setOpenHours(open)).toEqual({ changed: 0, rebuilt: false });
  });

  it('answers nothing open with no hours open, and counts every open place in a world view', () => {
    const index = ClusterIndex.build(places);
    for (const q of QUERIES) expect(index.query({ ...q, openNow: true })).toEqual(EMPTY);

    expect(index.setOpenHours(new Set([1, 3]))).toEqual({ changed: 1500, rebuilt: false });
    const open = places.filter((place) => place.hoursId === 1 || place.hoursId === 3);
    for (const zoom of [0, 4, 8, 12, 16]) {
      expect(totalCount(index.query({ bbox: WORLD, zoom, openNow: true }))).toBe(open.length);
      const filtered = index.query({ bbox: WORLD, zoom, openNow: true, categories: ['b', 'c'] });
      expect(totalCount(filtered)).toBe(open.filter((place) => place.category !== 'a').length);
      expect(filtered.places.every((place) => place.category !== 'a')).toBe(true);
    }

    // Closing them one by one, with no changes pending, leaves nothing open either.
    index.compact();
    expect(index.setOpenHours(new Set())).toEqual({ changed: 1500, rebuilt: false });
    for (const q of QUERIES) expect(index.query({ ...q, openNow: true })).toEqual(EMPTY);
  });

  it('opens an upserted place with open hours, and takes it out when removed or given other hours', () => {
    const index = ClusterIndex.build([testPlace(1, 45.8, 16.0, { hoursId: 4 })]);
    const openIds = () => index.query({ bbox: WORLD, zoom: 3, openNow: true }).places.map((p) => p.id);
    expect(index.setOpenHours(new Set([4]))).toEqual({ changed: 1, rebuilt: false });
    expect(openIds()).toEqual([1]);

    index.upsert(testPlace(2, -33.9, 151.2, { hoursId: 4 }));
    index.upsert(testPlace(3, 10, 10));
    expect(openIds().sort()).toEqual([1, 2]);
    index.upsert(testPlace(1, 45.8, 16.0, { hoursId: 5 }));
    expect(openIds()).toEqual([2]);
    index.remove(2);
    expect(openIds()).toEqual([]);
    expect(index.setOpenHours(new Set([5]))).toEqual({ changed: 1, rebuilt: false });
    expect(openIds()).toEqual([1]);
  });

  it('keeps the open hours of the call, whatever the caller does with its set afterwards', () => {
    const index = ClusterIndex.build([]);
    const open = new Set([1]);
    index.setOpenHours(open);
    open.add(2);
    index.upsert(testPlace(1, 45.8, 16.0, { hoursId: 2 }));
    expect(index.query({ bbox: WORLD, zoom: 3, openNow: true })).toEqual(EMPTY);
  });

  it('answers from either half of a split build as from the whole index', () => {
    const both = ClusterIndex.build(places);
    const all = ClusterIndex.build(places, { scope: 'all' });
    const categories = ClusterIndex.build(places, { scope: 'categories' });
    for (const index of [both, all, categories]) index.setOpenHours(new Set([2, 3]));
    for (const zoom of [6, 11]) {
      const q = { bbox: viewAround(ZAGREB, zoom), zoom, openNow: true };
      expect(all.query(q)).toEqual(both.query(q));
      expect(categories.query({ ...q, categories: ['a', 'c'] })).toEqual(
        both.query({ ...q, categories: ['a', 'c'] }),
      );
    }
    expect(() => all.query({ bbox: WORLD, zoom: 3, openNow: true, categories: ['a'] })).toThrow(/scope: all/);
    expect(() => categories.query({ bbox: WORLD, zoom: 3, openNow: true })).toThrow(/scope: categories/);
  });

  it('rejects an hours id that is not a non-negative 32-bit integer', () => {
    for (const hoursId of [-1, 1.5, 2 ** 31, Number.NaN]) {
      expect(() => ClusterIndex.build([testPlace(1, 45.8, 16.0, { hoursId })])).toThrow(/hoursId/);
      expect(() => ClusterIndex.build([]).upsert(testPlace(1, 45.8, 16.0, { hoursId }))).toThrow(/hoursId/);
    }
  });
});

/** Spots places gather at: near each other at every zoom, on the antimeridian, and co-located. */
const SPOTS = [ZAGREB, { lat: 45.81, lng: 16.02 }, { lat: -17, lng: 179.99 }, { lat: 0, lng: 0 }];
const HOURS = [0, 1, 2, 3];
/** Ids from a small range, so that changes often hit a place already there. */
const MAX_ID = 300;

const placeArbitrary = fc
  .record({
    id: fc.integer({ min: 1, max: MAX_ID }),
    spot: fc.oneof({ weight: 5, arbitrary: fc.constant(ZAGREB) }, fc.constantFrom(...SPOTS)),
    dLat: fc.integer({ min: -200, max: 200 }),
    dLng: fc.integer({ min: -200, max: 200 }),
    category: fc.constantFrom(...CATEGORIES),
    hoursId: fc.option(fc.constantFrom(...HOURS), { nil: undefined }),
  })
  .map(({ id, spot, dLat, dLng, category, hoursId }) =>
    testPlace(id, spot.lat + dLat / 10_000, spot.lng + dLng / 10_000, { category, hoursId }),
  );

const changeArbitrary = fc.oneof(
  placeArbitrary.map((place) => ({ kind: 'upsert' as const, place })),
  fc.integer({ min: 1, max: MAX_ID }).map((id) => ({ kind: 'remove' as const, id })),
  fc.subarray(HOURS).map((hours) => ({ kind: 'open' as const, open: new Set(hours) })),
  fc.constant({ kind: 'compact' as const }),
);

const queryArbitrary: fc.Arbitrary<ClusterQuery> = fc
  .record({
    spot: fc.constantFrom(...SPOTS),
    zoom: fc.integer({ min: 0, max: 20 }),
    categories: fc.option(fc.subarray([...CATEGORIES, 'unknown']), { nil: undefined }),
  })
  .map(({ spot, zoom, categories }) => ({ bbox: viewAround(spot, zoom), zoom, categories, lang: 'en' }));

describe('ClusterIndex: places open now, after any changes', () => {
  it('answers as an index of the final open places after any upserts, removals, open hours and compactions', () => {
    fc.assert(
      fc.property(
        fc.array(placeArbitrary, { maxLength: 300, size: 'max' }),
        fc.array(changeArbitrary, { maxLength: 120, size: 'max' }),
        fc.array(queryArbitrary, { minLength: 1, maxLength: 6 }),
        (initial, changes, queries) => {
          const index = ClusterIndex.build(initial);
          const final = new Map<number, IndexedPlace>(initial.map((p) => [p.id, p]));
          let open: ReadonlySet<number> = new Set();
          for (const change of changes) {
            if (change.kind === 'upsert') {
              index.upsert(change.place);
              final.set(change.place.id, change.place);
            } else if (change.kind === 'remove') {
              index.remove(change.id);
              final.delete(change.id);
            } else if (change.kind === 'open') {
              index.setOpenHours(change.open);
              open = change.open;
            } else {
              index.compact();
            }
          }
          const onlyOpen = ClusterIndex.build(
            [...final.values()].filter((place) => isOpen(place, open)).reverse(),
          );
          for (const q of [...queries, { bbox: WORLD, zoom: 2 }])
            expect(index.query({ ...q, openNow: true })).toEqual(onlyOpen.query(q));
        },
      ),
      { numRuns: 100 },
    );
  });
});
