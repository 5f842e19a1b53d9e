import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClusterIndex } from './cluster-index.ts';
import { distanceBounds } from './nearest.ts';
import { testHaversine as haversine, scatteredPlaces, seededRandom, testPlace } from './test-places.ts';
import type { IndexedPlace, NearestQuery } from './types.ts';
import { matchesFilters } from './value-filters.ts';

/** What a database would answer: every matching place measured and sorted. */
function expected(places: Iterable<IndexedPlace>, q: NearestQuery, open: ReadonlySet<number> = new Set()) {
  const all = [...places]
    .filter((place) => !q.categories || q.categories.includes(place.category))
    .filter((place) => !q.openNow || (place.hoursId !== undefined && open.has(place.hoursId)))
    .filter((place) => !q.filters || matchesFilters(place.values, q.filters))
    .map((place) => ({
      id: place.id,
      distance: haversine(q.origin, place.lat, place.lng),
      radius: place.radius,
    }))
    .filter(
      (hit) =>
        hit.distance <= q.within && (!q.covering || (hit.radius !== null && hit.distance <= hit.radius)),
    )
    .map(({ id, distance }) => ({ id, distance }))
    .sort((a, b) => a.distance - b.distance || a.id - b.id);
  return all;
}

/** Every page of a query, walked with the cursor, as one list; and the totals each page said. */
function walk(index: ClusterIndex, q: Omit<NearestQuery, 'after'>) {
  const hits: { id: number; distance: number }[] = [];
  const totals = new Set<number | undefined>();
  for (let pages = 0; pages < 1000; pages++) {
    const page = index.nearest({ ...q, after: hits.at(-1), withTotal: true }, haversine);
    hits.push(...page.hits);
    totals.add(page.total);
    if (!page.more) return { hits, totals: [...totals] };
  }
  throw new Error('too many pages');
}

const ZAGREB = { lat: 45.815, lng: 15.982 };

describe('ClusterIndex.nearest', () => {
  const places = scatteredPlaces(5000, ZAGREB, 0.6, ['pharmacy', 'shelter', 'water'], 3);
  const index = ClusterIndex.build(places);

  it('pages every place within the distance nearest first, ties by id, as sorting them all would', () => {
    for (const within of [0, 300, 2_000, 15_000, 100_000]) {
      for (const origin of [ZAGREB, { lat: 45.9, lng: 16.3 }, { lat: 44, lng: 15 }]) {
        const q = { origin, within, limit: 20 };
        const want = expected(places, q);
        const got = walk(index, q);
        expect(got.hits, `${within} m from ${origin.lat},${origin.lng}`).toEqual(want);
        expect(got.totals).toEqual([want.length]);
      }
    }
  });

  it('counts up to countUpTo: the exact total below it, at least countUpTo from it on', () => {
    for (const within of [300, 2_000, 15_000, 100_000]) {
      const q = { origin: ZAGREB, within, limit: 5, withTotal: true };
      const exact = expected(places, q).length;
      for (const countUpTo of [1, 50, 1001, exact, exact + 1]) {
        const { total, hits } = index.nearest({ ...q, countUpTo }, haversine);
        const where = `${within} m, up to ${countUpTo} of ${exact}`;
        if (exact < countUpTo) expect(total, where).toBe(exact);
        else expect(total, where).toBeGreaterThanOrEqual(countUpTo);
        expect(total, where).toBeLessThanOrEqual(exact);
        expect(hits, where).toEqual(expected(places, q).slice(0, 5));
      }
    }
  });

  it('reads the categories, the open places and the value filters asked for', () => {
    const open = new Set([1]);
    const withHours = places.map((place, i) =>
      testPlace(place.id, place.lat, place.lng, {
        category: place.category,
        hoursId: i % 3 === 0 ? 1 : 2,
        values: { access: i % 2 === 0 ? 'yes' : 'no' },
      }),
    );
    const filtered = ClusterIndex.build(withHours, { openHours: open });
    const queries: NearestQuery[] = [
      { origin: ZAGREB, within: 8_000, limit: 15, categories: ['shelter', 'water'] },
      { origin: ZAGREB, within: 8_000, limit: 15, openNow: true },
      {
        origin: ZAGREB,
        within: 8_000,
        limit: 15,
        filters: [{ key: 'access', anyOf: ['yes'] }],
        openNow: true,
      },
    ];
    for (const q of queries) {
      const want = expected(withHours, q, open);
      expect(want.length).toBeGreaterThan(20);
      expect(walk(filtered, q).hits, JSON.stringify(q)).toEqual(want);
    }
  });

  it('follows moves, removals and new places, whether compacted or still in the delta', () => {
    const changing = ClusterIndex.build(places);
    const live = new Map(places.map((place) => [place.id, place]));
    const random = seededRandom(9);
    for (let i = 0; i < 600; i++) {
      const id = 1 + Math.floor(random() * 6000);
      if (random() < 0.3) {
        changing.remove(id);
        live.delete(id);
      } else {
        const place = testPlace(id, ZAGREB.lat + (random() - 0.5) * 0.2, ZAGREB.lng + (random() - 0.5) * 0.3);
        changing.upsert(place);
        live.set(id, place);
      }
    }
    expect(changing.pendingChanges).toBeGreaterThan(0);
    const q = { origin: ZAGREB, within: 5_000, limit: 25 };
    expect(walk(changing, q).hits).toEqual(expected(live.values(), q));
    changing.compact();
    expect(walk(changing, q).hits).toEqual(expected(live.values(), q));
  });

  it('orders places at one position by id, and measures across the antimeridian and near a pole', () => {
    const edge = [
      ...[7, 3, 5].map((id) => testPlace(id, 45.8, 16)),
      testPlace(10, -16.5, 179.99),
      testPlace(11, -16.5, -179.99),
      testPlace(12, -16.4, -179.5),
      testPlace(13, 84.9, 10),
      testPlace(14, 84.9, -170),
    ];
    const small = ClusterIndex.build(edge);
    expect(small.nearest({ origin: { lat: 45.8, lng: 16 }, within: 10, limit: 5 }, haversine).hits).toEqual([
      { id: 3, distance: 0 },
      { id: 5, distance: 0 },
      { id: 7, distance: 0 },
    ]);
    for (const q of [
      { origin: { lat: -16.5, lng: 179.995 }, within: 80_000, limit: 2 },
      { origin: { lat: 84.95, lng: 100 }, within: 1_200_000, limit: 1 },
      { origin: { lat: 0, lng: 0 }, within: 25_000_000, limit: 3 },
    ]) {
      expect(walk(small, q).hits, JSON.stringify(q.origin)).toEqual(expected(edge, q));
    }
  });

  it('pages, counts and covers the whole world as sorting would: poles beyond the square world, the antimeridian', () => {
    const random = seededRandom(29);
    const around = (id: number, lat: number, lng: number, spread: number) =>
      testPlace(id, Math.max(-90, Math.min(90, lat + (random() - 0.5) * spread)), lng, {
        radius: random() < 0.3 ? null : Math.round(10 ** (1 + random() * 5)),
      });
    const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
    // Groups of more than a leaf's places, so nodes are bounded, not measured place by place.
    const world = [
      ...Array.from({ length: 600 }, (_, i) => around(i + 1, random() * 180 - 90, random() * 360 - 180, 0)),
      ...Array.from({ length: 300 }, (_, i) => around(1001 + i, 89.9, random() * 360 - 180, 0.2)),
      ...Array.from({ length: 300 }, (_, i) => around(2001 + i, -89.95, random() * 360 - 180, 0.1)),
      ...Array.from({ length: 300 }, (_, i) => around(3001 + i, 10, wrap(180 + (random() - 0.5) * 0.4), 0.4)),
      ...[180, -180, 179.9999999, -179.9999999].map((lng, i) => testPlace(4001 + i, 10, lng)),
      ...[90, -90, 85.0511, -85.0511].map((lat, i) => testPlace(4011 + i, lat, 20)),
    ];
    const index = ClusterIndex.build(world);
    const origins = [
      { lat: 90, lng: 0 },
      { lat: -89.99, lng: 120 },
      { lat: 85.06, lng: -40 },
      { lat: 10, lng: 180 },
      { lat: 10.1, lng: -179.95 },
      { lat: 0, lng: 0 },
      { lat: -33, lng: 151 },
    ];
    for (const origin of origins) {
      for (const within of [5_000, 40_000, 1_000_000, 21_000_000]) {
        for (const covering of [false, true]) {
          const q = { origin, within, covering, limit: 15 };
          const want = expected(world, q);
          const where = `${within} m from ${origin.lat},${origin.lng}${covering ? ', covering' : ''}`;
          expect(walk(index, q).hits, where).toEqual(want);
          expect(index.nearest({ ...q, withTotal: true }, haversine).total, where).toBe(want.length);
          const { total } = index.nearest({ ...q, withTotal: true, countUpTo: 100 }, haversine);
          if (want.length < 100) expect(total, where).toBe(want.length);
          else expect(total, where).toBeGreaterThanOrEqual(100);
        }
      }
    }
  });

  it('finds the places whose own radius reaches a point, nearest first, before and after changes', () => {
    const random = seededRandom(17);
    const withRadius = places.map((place) =>
      testPlace(place.id, place.lat, place.lng, {
        category: place.category,
        radius: random() < 0.4 ? null : Math.round(10 ** (1 + random() * 3.7)),
      }),
    );
    const covering = ClusterIndex.build(withRadius);
    const live = new Map(withRadius.map((place) => [place.id, place]));
    const ask = () => {
      for (const origin of [ZAGREB, { lat: 45.7, lng: 15.8 }, { lat: 46.2, lng: 16.5 }]) {
        for (const categories of [undefined, ['water']]) {
          const q = { origin, within: 100_000, covering: true, limit: 10, categories };
          const want = expected(live.values(), q);
          if (origin === ZAGREB) expect(want.length).toBeGreaterThan(20);
          expect(walk(covering, q).hits, JSON.stringify(q)).toEqual(want);
        }
      }
    };
    ask();
    // A radius grown, one taken away, a place moved: the delta and the tombstones answer too.
    for (const id of [5, 50, 500, 1500, 2500]) {
      const place = live.get(id) as IndexedPlace;
      const changed = { ...place, radius: id === 50 ? null : 40_000, lat: place.lat + 0.01 };
      covering.upsert(changed);
      live.set(id, changed);
    }
    covering.remove(7);
    live.delete(7);
    ask();
    expect(() =>
      covering.nearest({ origin: ZAGREB, within: 1, covering: true, limit: 1, openNow: true }, haversine),
    ).toThrow(RangeError);
  });

  it('refuses an origin or distance that is not a number', () => {
    expect(() =>
      index.nearest({ origin: { lat: Number.NaN, lng: 0 }, within: 10, limit: 1 }, haversine),
    ).toThrow(RangeError);
    expect(() => index.nearest({ origin: ZAGREB, within: Number.NaN, limit: 1 }, haversine)).toThrow(
      RangeError,
    );
  });
});

describe('distanceBounds', () => {
  it('holds every position of the box between its least and greatest distance', () => {
    const lat = fc.double({ min: -85, max: 85, noNaN: true });
    const lng = fc.double({ min: -180, max: 180, noNaN: true });
    const share = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(lat, lng, lat, lat, lng, lng, share, share, (oLat, oLng, a, b, c, d, u, v) => {
        const [south, north] = a <= b ? [a, b] : [b, a];
        const [west, east] = c <= d ? [c, d] : [d, c];
        const origin = { lat: oLat, lng: oLng };
        const { least, most } = distanceBounds(origin, south, north, west, east);
        const distance = haversine(origin, south + u * (north - south), west + v * (east - west));
        return least <= distance && distance <= most;
      }),
      { numRuns: 5000 },
    );
  });
});
