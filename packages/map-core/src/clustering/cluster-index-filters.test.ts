import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClusterIndex } from './cluster-index.ts';
import { MAX_CACHED_FILTERS } from './filtered-layers.ts';
import { PlaceStore } from './place-store.ts';
import { scatteredPlaces, seededRandom, testPlace, viewAround, WORLD } from './test-places.ts';
import type { ClusterIndexOptions, ClusterQuery, IndexedPlace, PlaceValue, ValueFilter } from './types.ts';
import { matchesFilters } from './value-filters.ts';

const ZAGREB = { lat: 45.8, lng: 16.0 };
const CATEGORIES = ['a', 'b', 'c'];
const SPOTS = [ZAGREB, { lat: 45.81, lng: 16.02 }, { lat: -17, lng: 179.99 }];
const MAX_ID = 300;
const HOURS = [0, 1, 2, 3];

const ACCESS = ['yes', 'no', 'customers', 'private'];
const SERVICES = ['wifi', 'toilet', 'ramp'];
/** The values each key holds, and options no place holds there (a number as a string, say). */
const DOMAINS: Record<string, { held: (string | number)[]; strangers: (string | number)[] }> = {
  access: { held: ACCESS, strangers: ['none', 0] },
  indoor: { held: ['true', 'false'], strangers: ['yes'] },
  floors: { held: [0, 1, 2, 3, 4], strangers: ['1', 9] },
  services: { held: SERVICES, strangers: ['parking'] },
  unknown: { held: ['yes'], strangers: [1] },
};

/**
 * Values of four keys (an option, a flag, a number, a set), each left out now and then, and
 * sometimes no values at all.
 */
const valuesArbitrary: fc.Arbitrary<Record<string, PlaceValue> | undefined> = fc.option(
  fc
    .record({
      access: fc.option(fc.constantFrom(...ACCESS), { nil: undefined, freq: 4 }),
      indoor: fc.option(fc.constantFrom('true', 'false'), { nil: undefined, freq: 4 }),
      floors: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined, freq: 3 }),
      services: fc.option(fc.subarray(SERVICES), { nil: undefined, freq: 3 }),
    })
    .map((values) => {
      const defined: Record<string, PlaceValue> = {};
      for (const [key, value] of Object.entries(values)) if (value !== undefined) defined[key] = value;
      return defined;
    }),
  { nil: undefined, freq: 8 },
);

const placeArbitrary = fc
  .record({
    id: fc.integer({ min: 1, max: MAX_ID }),
    spot: fc.oneof({ weight: 4, arbitrary: fc.constant(ZAGREB) }, fc.constantFrom(...SPOTS)),
    dLat: fc.integer({ min: -200, max: 200 }),
    dLng: fc.integer({ min: -200, max: 200 }),
    category: fc.constantFrom(...CATEGORIES),
    hoursId: fc.option(fc.constantFrom(...HOURS), { nil: undefined }),
    values: valuesArbitrary,
  })
  .map(({ id, spot, dLat, dLng, category, hoursId, values }) =>
    testPlace(id, spot.lat + dLat / 10_000, spot.lng + dLng / 10_000, {
      category,
      ...(hoursId === undefined ? {} : { hoursId }),
      ...(values === undefined ? {} : { values }),
    }),
  );

/** A filter on one of the keys: options mostly among those the key holds, ranges mostly on the number key. */
const filterArbitrary: fc.Arbitrary<ValueFilter> = fc
  .constantFrom('access', 'access', 'indoor', 'floors', 'floors', 'services', 'services', 'unknown')
  .chain((key) => {
    const { held, strangers } = DOMAINS[key] as { held: (string | number)[]; strangers: (string | number)[] };
    const option = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...held) },
      fc.constantFrom(...strangers),
    );
    const anyOf = fc.array(option, { minLength: 1, maxLength: 3 });
    const bound = fc.integer({ min: -1, max: 5 });
    return fc.oneof(
      { weight: 5, arbitrary: fc.record({ key: fc.constant(key), anyOf }) },
      {
        weight: key === 'floors' ? 4 : 1,
        arbitrary: fc.record({ key: fc.constant(key), min: bound, max: bound }, { requiredKeys: ['key'] }),
      },
      { weight: 1, arbitrary: fc.record({ key: fc.constant(key) }) },
      { weight: 1, arbitrary: fc.record({ key: fc.constant(key), anyOf, min: bound }) },
    );
  });

/** One to three filters, most often one or two. */
const filtersArbitrary = fc.oneof(
  { weight: 3, arbitrary: fc.array(filterArbitrary, { minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.array(filterArbitrary, { minLength: 2, maxLength: 2 }) },
  { weight: 1, arbitrary: fc.array(filterArbitrary, { minLength: 3, maxLength: 3 }) },
);

/** How a query looks besides its filters. */
const viewArbitrary = fc.record({
  spot: fc.constantFrom(...SPOTS),
  zoom: fc.integer({ min: 0, max: 20 }),
  categories: fc.option(fc.subarray([...CATEGORIES, 'unknown']), { nil: undefined }),
  openNow: fc.boolean(),
});

type View = { spot: { lat: number; lng: number }; zoom: number; categories?: string[]; openNow: boolean };

function queryOf(view: View, filters: readonly ValueFilter[]): ClusterQuery {
  const { spot, zoom, categories, openNow } = view;
  return { bbox: viewAround(spot, zoom), zoom, categories, openNow, filters, lang: 'en' };
}

/** The invariant: a filtered query answers as an index of only the matching places would. */
function expectExact(
  index: ClusterIndex,
  live: Iterable<IndexedPlace>,
  open: ReadonlySet<number>,
  q: ClusterQuery,
  options: ClusterIndexOptions = {},
): void {
  const matching = [...live].filter((place) => matchesFilters(place.values, q.filters ?? []));
  const only = ClusterIndex.build(matching.reverse(), { ...options, openHours: open });
  expect(index.query(q)).toEqual(only.query({ ...q, filters: undefined }));
}

const changeArbitrary = (pool: number) =>
  fc.oneof(
    { weight: 6, arbitrary: placeArbitrary.map((place) => ({ kind: 'upsert' as const, place })) },
    {
      weight: 2,
      arbitrary: fc.integer({ min: 1, max: MAX_ID }).map((id) => ({ kind: 'remove' as const, id })),
    },
    { weight: 1, arbitrary: fc.subarray(HOURS).map((hours) => ({ kind: 'hours' as const, hours })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'compact' as const }) },
    {
      weight: 2,
      arbitrary: fc
        .record({ filters: fc.nat({ max: pool - 1 }), view: viewArbitrary })
        .map(({ filters, view }) => ({ kind: 'query' as const, filters, view })),
    },
  );

describe('ClusterIndex: value filters', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers a filtered query as an index of only the matching places, through any changes', () => {
    const scenario = fc
      .record({
        initial: fc.array(placeArbitrary, { minLength: 50, maxLength: MAX_ID, size: 'max' }),
        open: fc.subarray(HOURS),
        pool: fc.array(filtersArbitrary, { minLength: 1, maxLength: 5 }),
      })
      .chain(({ initial, open, pool }) =>
        fc.record({
          initial: fc.constant(initial),
          open: fc.constant(open),
          pool: fc.constant(pool),
          changes: fc.array(changeArbitrary(pool.length), { maxLength: 80, size: 'max' }),
          finalViews: fc.array(viewArbitrary, { minLength: 1, maxLength: 4 }),
        }),
      );
    fc.assert(
      fc.property(scenario, ({ initial, open: openHours, pool, changes, finalViews }) => {
        let open: ReadonlySet<number> = new Set(openHours);
        const index = ClusterIndex.build(initial, { openHours: open });
        const live = new Map<number, IndexedPlace>(initial.map((place) => [place.id, place]));
        for (const change of changes) {
          if (change.kind === 'upsert') {
            index.upsert(change.place);
            live.set(change.place.id, change.place);
          } else if (change.kind === 'remove') {
            index.remove(change.id);
            live.delete(change.id);
          } else if (change.kind === 'hours') {
            open = new Set(change.hours);
            index.setOpenHours(open);
          } else if (change.kind === 'compact') {
            index.compact();
          } else {
            // Also fills the cache, so that the changes after it go through the filtered sets.
            expectExact(index, live.values(), open, queryOf(change.view, pool[change.filters] ?? []));
          }
        }
        for (const filters of pool) {
          for (const view of finalViews) expectExact(index, live.values(), open, queryOf(view, filters));
          expectExact(index, live.values(), open, { bbox: WORLD, zoom: 2, filters, openNow: true });
        }
      }),
      { numRuns: 200 },
    );
  });

  it('answers exactly from either half of a split build', () => {
    const places = valuedPlaces(3000, 4);
    const open = new Set([1, 2]);
    const filters: ValueFilter[] = [
      { key: 'access', anyOf: ['yes', 'customers'] },
      { key: 'floors', min: 1 },
    ];
    for (const scope of ['all', 'categories'] as const) {
      const index = ClusterIndex.build(places, { scope, openHours: open });
      const categories = scope === 'all' ? undefined : ['a', 'c'];
      for (const zoom of [5, 10, 13]) {
        for (const openNow of [false, true]) {
          const q = { bbox: viewAround(ZAGREB, zoom), zoom, categories, openNow, filters };
          expectExact(index, places, open, q, { scope });
        }
      }
    }
  });

  it('keeps at most MAX_CACHED_FILTERS filters, answering exactly past the bound', () => {
    const places = valuedPlaces(2000, 5);
    const index = ClusterIndex.build(places);
    // More distinct filters than the bound, asked round after round so each comes back evicted;
    // narrow, so that the bound on the places held does not bite first.
    const filters: ValueFilter[][] = Array.from({ length: 2 * MAX_CACHED_FILTERS + 5 }, (_, i) => [
      { key: 'access', anyOf: [ACCESS[i % 4] as string, `stranger ${i}`] },
      { key: 'floors', anyOf: [i % 5] },
    ]);
    const live = new Map(places.map((place) => [place.id, place]));
    const random = seededRandom(9);
    for (let round = 0; round < 3; round++) {
      for (const [i, asked] of filters.entries()) {
        const q = { bbox: viewAround(ZAGREB, 9 + (i % 5)), zoom: 9 + (i % 5), filters: asked };
        expectExact(index, live.values(), new Set(), q);
        expect(index.cachedFilters.filters).toBeLessThanOrEqual(MAX_CACHED_FILTERS);
        // Changes between queries reach the kept sets as well as the ones rebuilt later.
        const place = movedPlace(places, random);
        index.upsert(place);
        live.set(place.id, place);
      }
    }
    expect(index.cachedFilters.filters).toBe(MAX_CACHED_FILTERS);
  });

  it('keeps the places of the kept filters within twice the index, dropping broad filters first-asked first', () => {
    const places = valuedPlaces(3000, 6);
    const index = ClusterIndex.build(places, { openHours: new Set([0, 1, 2, 3]) });
    // Each matches every place with an access value (six in seven), as do their open twins.
    const broad = Array.from({ length: 6 }, (_, i) => [{ key: 'access', anyOf: [...ACCESS, `x${i}`] }]);
    for (const filters of broad) {
      for (const openNow of [false, true]) {
        const q = { bbox: viewAround(ZAGREB, 11), zoom: 11, filters, openNow };
        expectExact(index, places, new Set([0, 1, 2, 3]), q);
        expect(index.cachedFilters.places).toBeLessThanOrEqual(2 * index.size);
      }
    }
    expect(index.cachedFilters.filters).toBe(1);
    // Narrow ones fit many at once.
    for (const value of ACCESS)
      index.query({ bbox: WORLD, zoom: 3, filters: [{ key: 'access', anyOf: [value] }] });
    expect(index.cachedFilters.filters).toBeGreaterThanOrEqual(ACCESS.length);
    expect(index.cachedFilters.places).toBeLessThanOrEqual(2 * index.size);
  });

  it('reads the kept sets in the steady state: no query or change scans every place', () => {
    const places = valuedPlaces(2000, 7);
    const index = ClusterIndex.build(places, { openHours: new Set([0]) });
    const filters: ValueFilter[] = [
      { key: 'indoor', anyOf: ['true'] },
      { key: 'access', anyOf: ['yes', 'no'] },
    ];
    const q = { bbox: viewAround(ZAGREB, 12), zoom: 12, filters };
    index.query(q);
    index.query({ ...q, openNow: true });
    const scans = vi.spyOn(PlaceStore.prototype, 'liveSlots');
    const live = new Map(places.map((place) => [place.id, place]));
    const random = seededRandom(4);
    let open: ReadonlySet<number> = new Set([0]);
    for (let i = 0; i < 300; i++) {
      const place = movedPlace(places, random);
      index.upsert(place);
      live.set(place.id, place);
      if (i % 7 === 0) {
        index.remove(place.id);
        live.delete(place.id);
      }
      // Few enough places open and close that the open layers take them one by one.
      if (i === 100 || i === 200) {
        open = i === 100 ? new Set([0, 3]) : new Set([0]);
        expect(index.setOpenHours(open).rebuilt).toBe(false);
      }
      // Filters asked in another order and with repeats are the same filter.
      const asked =
        i % 2 === 0
          ? filters
          : [filters[1] as ValueFilter, filters[0] as ValueFilter, filters[1] as ValueFilter];
      if (i % 25 === 0) {
        expectExact(index, live.values(), open, { ...q, filters: asked });
        expectExact(index, live.values(), open, { ...q, filters: asked, openNow: true });
      } else {
        index.query({ ...q, filters: asked, openNow: i % 3 === 0 });
      }
    }
    // The fresh indexes of the checks scanned their own places: none of this index's queries did.
    const own = scans.mock.contexts.filter((store) => store === storeOf(index));
    expect(own).toHaveLength(0);
    expect(index.cachedFilters.filters).toBe(1);
  });

  it('stays exact across compactions of its own and rebuilds of the open layers', () => {
    const places = valuedPlaces(6000, 8);
    let open: ReadonlySet<number> = new Set([0]);
    const index = ClusterIndex.build(places, { openHours: open });
    const filters: ValueFilter[] = [
      { key: 'services', anyOf: ['wifi'] },
      { key: 'floors', max: 2 },
    ];
    const live = new Map(places.map((place) => [place.id, place]));
    const check = () => {
      for (const zoom of [4, 9, 12]) {
        for (const openNow of [false, true]) {
          const q = {
            bbox: viewAround(ZAGREB, zoom),
            zoom,
            filters,
            openNow,
            categories: zoom === 9 ? ['b'] : undefined,
          };
          expectExact(index, live.values(), open, q);
        }
      }
    };
    check();
    const random = seededRandom(12);
    // Past 2 000 changes the index compacts on its own, dropping the filter's sets.
    for (let i = 0; i < 2100; i++) {
      const place = movedPlace(places, random);
      index.upsert(place);
      live.set(place.id, place);
      if (i === 1000) check();
    }
    expect(index.pendingChanges).toBeLessThan(2100);
    check();
    // Most places open at once: the open layers are rebuilt, and the filter's open twin with them.
    open = new Set([0, 1, 2, 3]);
    expect(index.setOpenHours(open).rebuilt).toBe(true);
    check();
    open = new Set([0, 1, 2]);
    expect(index.setOpenHours(open).rebuilt).toBe(false);
    check();
  });

  it('answers nothing for a filter no place passes, and everything filtered by no filters', () => {
    const places = valuedPlaces(500, 10);
    const index = ClusterIndex.build(places);
    const q = { bbox: WORLD, zoom: 3 };
    expect(index.query({ ...q, filters: [{ key: 'access', anyOf: [] }] })).toEqual({
      clusters: [],
      places: [],
    });
    expect(index.query({ ...q, filters: [{ key: 'unknown' }] })).toEqual({ clusters: [], places: [] });
    expect(index.query({ ...q, filters: [] })).toEqual(index.query(q));
    expect(index.cachedFilters.filters).toBe(2);
  });

  it('rejects values it cannot keep, and keeps the index as it was', () => {
    const index = ClusterIndex.build([testPlace(1, 45.8, 16, { values: { access: 'yes' } })]);
    const bad = [{ floors: Number.NaN }, { access: null }, { services: ['wifi', 3] }, { flag: true }];
    for (const values of bad) {
      const place = testPlace(1, 45.8, 16, { values: values as unknown as Record<string, PlaceValue> });
      expect(() => index.upsert(place)).toThrow(/Place 1 has a value of/);
      expect(() => ClusterIndex.build([place])).toThrow(/Place 1/);
    }
    expect(
      index.query({ bbox: WORLD, zoom: 3, filters: [{ key: 'access', anyOf: ['yes'] }] }).places,
    ).toHaveLength(1);
  });
});

/** Places around Zagreb with values of the four keys and hours 0–3 (an eighth of each lacking). */
function valuedPlaces(count: number, seed: number): IndexedPlace[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  return scatteredPlaces(count, ZAGREB, 0.5, CATEGORIES, seed).map((place) => {
    const values: Record<string, PlaceValue> = {};
    if (random() < 6 / 7) values.access = pick(ACCESS);
    if (random() < 6 / 7) values.indoor = pick(['true', 'false']);
    if (random() < 6 / 7) values.floors = pick([0, 1, 2, 3, 4]);
    if (random() < 6 / 7) values.services = SERVICES.filter(() => random() < 0.4);
    const hoursId = random() < 7 / 8 ? pick(HOURS) : undefined;
    return { ...place, values, ...(hoursId === undefined ? {} : { hoursId }) };
  });
}

/** One of `places` moved a little, with the values of another. */
function movedPlace(places: readonly IndexedPlace[], random: () => number): IndexedPlace {
  const place = places[Math.floor(random() * places.length)] as IndexedPlace;
  const other = places[Math.floor(random() * places.length)] as IndexedPlace;
  return {
    ...place,
    lat: place.lat + (random() - 0.5) * 0.01,
    lng: place.lng + (random() - 0.5) * 0.01,
    ...(other.values === undefined ? {} : { values: other.values }),
  };
}

/** The index's store, to tell its calls from those of other indexes. */
function storeOf(index: ClusterIndex): PlaceStore {
  return (index as unknown as { store: PlaceStore }).store;
}
