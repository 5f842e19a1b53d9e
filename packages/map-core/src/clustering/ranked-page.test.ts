import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClusterIndex } from './cluster-index.ts';
import type { RankedHit, RankedQuery } from './ranked-page.ts';
import { testHaversine as haversine, seededRandom, testPlace } from './test-places.ts';
import type { IndexedPlace } from './types.ts';
import { matchesFilters } from './value-filters.ts';

const CATEGORIES = ['pharmacy', 'shelter', 'water'];

/** 400 places on few positions (so distances tie), three categories, a value on some, open hours on some. */
function places(): IndexedPlace[] {
  const random = seededRandom(7);
  return Array.from({ length: 400 }, (_, i) =>
    testPlace(i + 1, 45.8 + Math.floor(random() * 12) / 100, 15.9 + Math.floor(random() * 12) / 100, {
      category: CATEGORIES[i % 3] as string,
      hoursId: i % 4 === 0 ? 1 : undefined,
      radius: i % 6 === 0 ? 1_000 + (i % 5) * 1_000 : undefined,
      ...(i % 5 < 3 ? { values: { seats: i % 7 } } : {}),
    }),
  );
}

/** What sorting every match would give. */
function expected(
  all: readonly IndexedPlace[],
  ranks: ReadonlyMap<number, number>,
  q: RankedQuery,
): RankedHit[] {
  return all
    .filter((place) => ranks.has(place.id))
    .filter((place) => !q.categories?.length || q.categories.includes(place.category))
    .filter((place) => !q.openNow || place.hoursId === 1)
    .filter((place) => !q.filters?.length || matchesFilters(place.values, q.filters))
    .filter((place) => {
      if (!q.circle) return true;
      const distance = haversine(q.circle.origin, place.lat, place.lng);
      return distance <= q.circle.within && (!q.circle.covering || distance <= (place.radius ?? -1));
    })
    .map((place) => ({
      id: place.id,
      rank: ranks.get(place.id) as number,
      distance: q.origin ? haversine(q.origin, place.lat, place.lng) : null,
    }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        (a.distance ?? 0) - (b.distance ?? 0) ||
        (!q.origin && q.newest ? b.id - a.id : a.id - b.id),
    );
}

describe('ClusterIndex.rankedPage', () => {
  const all = places();
  const index = ClusterIndex.build(all, { openHours: new Set([1]) });

  it('pages the matches passing the filters and the circle by rank, then distance or id, as sorting them all would', () => {
    const query = fc.record({
      origin: fc.option(
        fc.record({
          lat: fc.double({ min: 45.7, max: 46, noNaN: true }),
          lng: fc.double({ min: 15.8, max: 16.1, noNaN: true }),
        }),
        {
          nil: undefined,
        },
      ),
      newest: fc.boolean(),
      categories: fc.option(fc.subarray(CATEGORIES), { nil: undefined }),
      openNow: fc.boolean(),
      filters: fc.option(fc.constant([{ key: 'seats', min: 2, max: 5 }]), { nil: undefined }),
      limit: fc.integer({ min: 1, max: 30 }),
      countUpTo: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
      circle: fc.option(
        fc.record({
          within: fc.integer({ min: 500, max: 12_000 }),
          covering: fc.boolean(),
        }),
        { nil: undefined },
      ),
    });
    /** A rank for each place, or none (negative): most places match, so pages fill up. */
    const matches = fc.array(fc.integer({ min: -3, max: 4 }), { minLength: 400, maxLength: 400 });
    fc.assert(
      fc.property(query, matches, ({ circle, ...rest }, matched) => {
        // A circle measures from its centre, as the list's `near` and `covers` do.
        const centre = rest.origin ?? { lat: 45.85, lng: 15.95 };
        const q: RankedQuery = circle
          ? { ...rest, origin: centre, circle: { ...circle, origin: centre } }
          : rest;
        const ranks = new Map(matched.flatMap((rank, i) => (rank < 0 ? [] : [[i + 1, rank] as const])));
        const slots = Int32Array.from([...ranks.keys()].map((id) => index.slotOf(id) as number));
        const slotRanks = Uint8Array.from([...ranks.values()]);
        const want = expected(all, ranks, q);
        const got: RankedHit[] = [];
        for (let pages = 0; pages < 500; pages += 1) {
          const page = index.rankedPage(
            { slots, ranks: slotRanks },
            { ...q, after: got.at(-1), withTotal: true },
            haversine,
          );
          expect(page.total).toBe(Math.min(want.length, q.countUpTo ?? Number.POSITIVE_INFINITY));
          expect(page.hits.length).toBeLessThanOrEqual(q.limit);
          got.push(...page.hits);
          if (!page.more) break;
        }
        expect(got).toEqual(want);
      }),
      { numRuns: 200 },
    );
  });

  it('names a place by its slot and its names there, which follow an upsert', () => {
    const moved = ClusterIndex.build([testPlace(1, 45.8, 15.9), testPlace(2, 45.81, 15.91)]);
    expect(moved.namesAt(moved.slotOf(2) as number)).toEqual({ en: 'Place 2' });
    moved.upsert(testPlace(2, 45.82, 15.92, { name: { hr: 'Ljekarna' } }));
    expect(moved.namesAt(moved.slotOf(2) as number)).toEqual({ hr: 'Ljekarna' });
    moved.remove(1);
    expect(moved.slotOf(1)).toBeUndefined();
  });
});
