import { describe, expect, it } from 'vitest';
import { ClusterIndex } from './cluster-index.ts';
import { testHaversine as haversine, scatteredPlaces, seededRandom, viewAround } from './test-places.ts';
import type { IndexedPlace } from './types.ts';
import { matchesFilters } from './value-filters.ts';

const ZAGREB = { lat: 45.815, lng: 15.982 };
const CATEGORIES = ['pharmacy', 'shelter', 'water'];

/** 3 000 places, a value on half, a radius on a third, open hours on a quarter. */
function places(): IndexedPlace[] {
  const random = seededRandom(11);
  return scatteredPlaces(3000, ZAGREB, 0.6, CATEGORIES, 5).map((place, i) => ({
    ...place,
    radius: i % 3 === 0 ? Math.round(10 ** (1 + random() * 3.5)) : null,
    hoursId: i % 4 === 0 ? 1 : undefined,
    ...(i % 2 === 0 ? { values: { seats: i % 9 } } : {}),
  }));
}

const idsOf = (index: ClusterIndex, slots: Int32Array) =>
  [...slots].map((slot) => [...(index.namesAt(slot).en ?? '')].join('')).sort();

describe('ClusterIndex sets of matches', () => {
  const all = places();
  const index = ClusterIndex.build(all, { openHours: new Set([1]) });
  const nameOf = (place: IndexedPlace) => place.name.en as string;

  it('selects the places within a circle, or serving its centre, that pass the filters', () => {
    // Some places gone and some moved since the layers were built: their old entries are tombstones.
    const changed = ClusterIndex.build(all, { openHours: new Set([1]) });
    const now = all.flatMap((place, i) => {
      if (i % 11 === 0) {
        changed.remove(place.id);
        return [];
      }
      if (i % 13 !== 0) return [place];
      const moved = { ...place, lat: place.lat + 0.01, lng: place.lng - 0.01 };
      changed.upsert(moved);
      return [moved];
    });
    expect(changed.pendingChanges).toBeGreaterThan(0);
    for (const within of [0, 800, 5_000, 40_000]) {
      for (const q of [
        {},
        { categories: ['water'] },
        { openNow: true },
        { filters: [{ key: 'seats', min: 3 }] },
        { covering: true },
        { covering: true, categories: ['pharmacy', 'shelter'] },
      ]) {
        const { covering, ...filters } = q as { covering?: boolean; categories?: string[] };
        const circle = { origin: ZAGREB, within, covering };
        const expected = now
          .filter((place) => {
            const distance = haversine(ZAGREB, place.lat, place.lng);
            if (distance > within) return false;
            if (covering && !(place.radius !== null && distance <= place.radius)) return false;
            const f = filters as { categories?: string[]; openNow?: boolean; filters?: [] };
            if (f.categories && !f.categories.includes(place.category)) return false;
            if (f.openNow && place.hoursId !== 1) return false;
            return !f.filters || matchesFilters(place.values, f.filters);
          })
          .map(nameOf)
          .sort();
        expect(
          idsOf(changed, changed.matchingSlots({ ...filters, circle }, haversine)),
          JSON.stringify(q),
        ).toEqual(expected);
      }
    }
  });

  it('keeps given matches that pass the filters and lie within the circle', () => {
    const among = Int32Array.from(
      all.filter((_, i) => i % 7 === 0).map((place) => index.slotOf(place.id) as number),
    );
    const circle = { origin: ZAGREB, within: 10_000 };
    const expected = all
      .filter((_, i) => i % 7 === 0)
      .filter((place) => place.category !== 'water' && haversine(ZAGREB, place.lat, place.lng) <= 10_000)
      .map(nameOf)
      .sort();
    expect(
      idsOf(index, index.matchingSlots({ among, categories: ['pharmacy', 'shelter'], circle }, haversine)),
    ).toEqual(expected);
  });

  it('maps a set of matches as an index of only those places would, with their number and box', () => {
    const chosen = all.filter((_, i) => i % 5 === 0);
    const only = ClusterIndex.build(chosen);
    const slots = () => Int32Array.from(chosen.map((place) => index.slotOf(place.id) as number));
    for (const zoom of [8, 11, 14, 17]) {
      const q = { bbox: viewAround(ZAGREB, zoom), zoom, lang: 'en' };
      const answer = index.queryAmong('fifth', slots, q);
      const { matches, ...clusters } = answer ?? { matches: undefined };
      expect(clusters).toEqual(only.query(q));
      expect(matches?.total).toBe(chosen.length);
      expect(matches?.bounds).toEqual({
        west: Math.min(...chosen.map((p) => p.lng)),
        south: Math.min(...chosen.map((p) => p.lat)),
        east: Math.max(...chosen.map((p) => p.lng)),
        north: Math.max(...chosen.map((p) => p.lat)),
      });
    }
    expect(
      index.queryAmong('nothing known', () => null, { bbox: viewAround(ZAGREB, 10), zoom: 10 }),
    ).toBeNull();
  });

  it('lays a kept set out again once any place changes', () => {
    const small = ClusterIndex.build(all.slice(0, 100));
    let selected = 0;
    const select = () => {
      selected += 1;
      return Int32Array.from(all.slice(0, 10).map((place) => small.slotOf(place.id) as number));
    };
    const q = { bbox: viewAround(ZAGREB, 3), zoom: 3 };
    expect(small.queryAmong('ten', select, q)?.matches.total).toBe(10);
    expect(small.queryAmong('ten', select, q)?.matches.total).toBe(10);
    expect(selected).toBe(1);
    small.remove(all[0]?.id as number);
    const changed = small.queryAmong(
      'ten',
      () => Int32Array.from(all.slice(1, 10).map((place) => small.slotOf(place.id) as number)),
      q,
    );
    expect(changed?.matches.total).toBe(9);
  });
});
