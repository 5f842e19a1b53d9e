import 'fake-indexeddb/auto';
import { createApiClient } from '@karta/api-client';
import type {
  Category,
  CategoryField,
  FieldFilterParam,
  MapQuery,
  OfflineHours,
  Place,
} from '@karta/contracts';
import { distanceMetres } from '@karta/place-search';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Fetch } from '../../../lib/connectivity.ts';
import { withOfflineAnswers } from '../../../lib/offline/offline-answers.ts';
import type { SavedArea } from '../../../lib/offline/saved-area.ts';
import { SAVED_AT_HEADER } from '../../../service-worker/saved-at-header.ts';
import { listedPlace } from '../../../testing/fixtures.ts';
import { answerFromSavedAreas } from './answer-from-saved-areas.ts';
import { answerFromSavedAreasLater } from './answer-from-saved-areas-later.ts';
import { OfflinePlaces } from './offline-places.ts';
import { listSavedAreas, putSavedArea, readSavedAreas, removeSavedArea } from './saved-areas-store.ts';

/** The app's API fetch: the network, then the saved areas (main.tsx). */
const withSavedAreas = (doFetch: Fetch) => withOfflineAnswers(doFetch, answerFromSavedAreasLater);

const pharmacy: Category = {
  id: 1,
  slug: 'pharmacy',
  name: { en: 'Pharmacy', hr: 'Ljekarna' },
  color: '#15803d',
  icon: 'pharmacy',
  fields: [],
  removedFields: [],
  notes: 'postmoderated',
};

const placeAt = (id: number, lat: number, lng: number, name: string) => {
  const { distance: _, ...place } = listedPlace({ id, lat, lng, name: { hr: name }, category: 'pharmacy' });
  return place;
};

/**
 * The hours of the Zagreb area's week as the server packs them: Ljekarna Jelačić open until 20:00
 * (19:00 UTC) on Thursday and from 07:00 to 20:00 on Friday, then closed until Monday; Gradska
 * ljekarna around the clock. The library has none.
 */
const zagrebHours: OfflineHours[] = [
  {
    places: [1],
    stretches: [
      { from: '2026-11-26T18:30:00.000Z', state: 'open' },
      { from: '2026-11-26T19:00:00.000Z', state: 'closed' },
      { from: '2026-11-27T06:00:00.000Z', state: 'open' },
      { from: '2026-11-27T19:00:00.000Z', state: 'closed', nextChange: '2026-11-30T06:00:00.000Z' },
    ],
  },
  { places: [2], stretches: [{ from: '2026-11-26T18:30:00.000Z', state: 'open', nextChange: null }] },
];

/** Around Zagreb's main square: three places, two of them a few metres apart. */
const zagreb: SavedArea = {
  id: 'zagreb',
  bbox: { west: 15.9, south: 45.75, east: 16.05, north: 45.85 },
  savedAt: '2026-11-26T18:30:00.000Z',
  horizon: '2026-12-03T18:30:00.000Z',
  maxZoom: 18,
  places: [
    placeAt(1, 45.813, 15.977, 'Ljekarna Jelačić'),
    placeAt(2, 45.8131, 15.9771, 'Gradska ljekarna'),
    placeAt(3, 45.8, 16.0, 'Knjižnica Maksimir'),
  ],
  categories: [pharmacy],
  hours: zagrebHours,
};

/** The view around the three places, and a Near me list from the square. */
const VIEW = 'bbox=15.95,45.79,16.01,45.83&zoom=14';
const NEAR = 'near=45.813,15.977&radius=5000';

afterEach(async () => {
  vi.useRealTimers();
  for (const area of await listSavedAreas()) await removeSavedArea(area.id);
});

const unreachable = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch');
};

describe('areas saved for offline use', () => {
  it('keeps an area with its size and date, lists it without its places, and removes it', async () => {
    const summary = await putSavedArea(zagreb);
    expect(summary).toMatchObject({ id: 'zagreb', placeCount: 3, savedAt: zagreb.savedAt });
    expect(summary.bytes).toBe(new Blob([JSON.stringify(zagreb.places), JSON.stringify(zagrebHours)]).size);
    expect(await listSavedAreas()).toEqual([summary]);
    expect(await readSavedAreas()).toEqual([zagreb]);
    // Saving it again (a refresh) replaces it.
    await putSavedArea({ ...zagreb, savedAt: '2026-11-27T08:00:00.000Z', places: zagreb.places.slice(0, 1) });
    expect((await listSavedAreas()).map((area) => area.placeCount)).toEqual([1]);
    await removeSavedArea('zagreb');
    expect(await listSavedAreas()).toEqual([]);
    expect(await readSavedAreas()).toEqual([]);
  });

  it('answers the map, a search, a place and the categories when the network does not, marked with their date', async () => {
    await putSavedArea(zagreb);
    const offlineFetch = withSavedAreas(unreachable);

    const map = await offlineFetch('/api/v1/map?bbox=15.95,45.79,16.01,45.83&zoom=14&lang=hr');
    expect(map.headers.get(SAVED_AT_HEADER)).toBe('Thu, 26 Nov 2026 18:30:00 GMT');
    const answer = (await map.json()) as { clusters: { count: number }[]; places: { id: number }[] };
    expect(answer.clusters.map((cluster) => cluster.count)).toEqual([2]);
    expect(answer.places.map((place) => place.id)).toEqual([3]);

    const search = await (await offlineFetch('/api/v1/places?q=LJEKARNA%20jelacic')).json();
    expect(search.items.map((place: { id: number }) => place.id)).toEqual([1]);
    expect((await (await offlineFetch('/api/v1/places/3')).json()).name).toEqual({
      hr: 'Knjižnica Maksimir',
    });
    expect(await (await offlineFetch('/api/v1/categories')).json()).toEqual({ items: [pharmacy] });
  });

  it('finds the towns of the saved areas by name with no network, and lets a street search fail', async () => {
    const offlineFetch = withSavedAreas(unreachable);
    // An area saved before packs carried towns answers no address search.
    await putSavedArea(zagreb);
    await expect(offlineFetch('/api/v1/geocode?q=Sesvete')).rejects.toThrow('Failed to fetch');
    await putSavedArea({
      ...zagreb,
      towns: [
        { name: 'Zagreb', region: 'City of Zagreb', lat: 45.81444, lng: 15.97798 },
        { name: 'Sesvete', region: 'City of Zagreb', lat: 45.83, lng: 16.11 },
        { name: 'Sveta Nedelja', region: 'Zagreb County', lat: 45.79, lng: 15.78 },
      ],
      townsAttribution: 'GeoNames (CC BY 4.0)',
    });
    const answer = await offlineFetch('/api/v1/geocode?q=sesvete');
    expect(answer.headers.get(SAVED_AT_HEADER)).toBe('Thu, 26 Nov 2026 18:30:00 GMT');
    expect(await answer.json()).toEqual({
      items: [
        {
          label: 'Sesvete, City of Zagreb',
          lat: 45.83,
          lng: 16.11,
          kind: 'town',
          address: { street: null, housenumber: null, postcode: null, city: 'Sesvete', country: null },
        },
      ],
      attribution: 'GeoNames (CC BY 4.0)',
    });
    // "S" names nearest the point first; a street's town by its last part.
    const near = await (await offlineFetch('/api/v1/geocode?q=sve&near=45.79,15.7')).json();
    expect(near.items.map((item: { label: string }) => item.label)).toEqual(['Sveta Nedelja, Zagreb County']);
    const street = await (await offlineFetch('/api/v1/geocode?q=Ilica%201%2C%20Zagreb')).json();
    expect(street.items.map((item: { address: { city: string } }) => item.address.city)).toEqual(['Zagreb']);
    expect((await (await offlineFetch('/api/v1/geocode?q=Split')).json()).items).toEqual([]);
  });

  it('lets the failure through where no saved area can answer', async () => {
    const offlineFetch = withSavedAreas(unreachable);
    await expect(offlineFetch('/api/v1/places/1')).rejects.toThrow('Failed to fetch');
    await putSavedArea(zagreb);
    // Outside every saved area, an empty map would say "nothing here", which is not known.
    await expect(offlineFetch('/api/v1/map?bbox=13.3,45.2,13.5,45.4&zoom=14')).rejects.toThrow(
      'Failed to fetch',
    );
    // A place not saved; a write.
    await expect(offlineFetch('/api/v1/places/99')).rejects.toThrow();
    await expect(offlineFetch('/api/v1/places/1/flags', { method: 'POST', body: '{}' })).rejects.toThrow();
    expect(await answerFromSavedAreas('/api/v1/places?status=pending')).toBeNull();
  });

  it('answers "open now" and "open at" within the saved week, each state that of the answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await putSavedArea(zagreb);
    const offlineFetch = withSavedAreas(unreachable);
    const json = async (url: string) => (await offlineFetch(url)).json();
    const ids = (list: { items: { id: number }[] }) => list.items.map((place) => place.id);

    // Thursday 19:45 in Zagreb: both pharmacies are open, drawn as one cluster.
    vi.setSystemTime(new Date('2026-11-26T18:45:00.000Z'));
    const both = await json(`/api/v1/map?${VIEW}&openNow=true`);
    expect(both.clusters.map((cluster: { count: number }) => cluster.count)).toEqual([2]);
    expect(both.places).toEqual([]);
    expect((await json('/api/v1/places/1')).openState).toEqual({
      state: 'open',
      nextChange: '2026-11-26T19:00:00.000Z',
      until: '2026-11-26T19:00:00.000Z',
      comment: null,
    });

    // At 21:00 only the one open around the clock, alone on the map and in Near me.
    vi.setSystemTime(new Date('2026-11-26T20:00:00.000Z'));
    const late = await json(`/api/v1/map?${VIEW}&openNow=true`);
    expect(late.clusters).toEqual([]);
    expect(late.places.map((place: { id: number }) => place.id)).toEqual([2]);
    const openNow = await json(`/api/v1/places?${NEAR}&openNow=true`);
    expect(ids(openNow)).toEqual([2]);
    expect(openNow.items[0].openState).toMatchObject({ state: 'open', until: null });
    // Planning for Friday morning; the library has no hours: never open, always unknown.
    expect(ids(await json(`/api/v1/places?${NEAR}&openAt=2026-11-27T08:00:00%2B01:00`))).toEqual([1, 2]);
    const all = await json(`/api/v1/places?${NEAR}`);
    expect(all.items.map((place: { openState: { state: string } }) => place.openState.state)).toEqual([
      'closed',
      'open',
      'unknown',
    ]);
    expect(all.items[0].openState.nextChange).toBe('2026-11-27T06:00:00.000Z');
    const search = await json('/api/v1/places/suggestions?q=ljekarna');
    expect(search.items.map((place: { openState: { state: string } }) => place.openState.state)).toEqual([
      'closed',
      'open',
    ]);

    // A week later than saving, beyond what the area knows: not answered rather than guessed.
    await expect(offlineFetch(`/api/v1/places?${NEAR}&openAt=2026-12-03T18:30:00Z`)).rejects.toThrow(
      'Failed to fetch',
    );
    vi.setSystemTime(new Date('2026-12-03T18:30:00.000Z'));
    await expect(offlineFetch(`/api/v1/map?${VIEW}&openNow=true`)).rejects.toThrow('Failed to fetch');
    await expect(offlineFetch(`/api/v1/places?${NEAR}&openNow=true`)).rejects.toThrow('Failed to fetch');
    // Everything else still answers, every state unknown.
    expect((await json(`/api/v1/map?${VIEW}`)).clusters).toHaveLength(1);
    expect((await json('/api/v1/places/2')).openState).toEqual({
      state: 'unknown',
      nextChange: null,
      until: null,
      comment: null,
    });
  });

  it('answers "open now" only while every saved area knows its hours, each place by its own area', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T20:00:00.000Z'));
    // Saved again later in a smaller area: Gradska ljekarna's hours come from this one now.
    const square: SavedArea = {
      ...zagreb,
      id: 'square',
      bbox: { west: 15.97, south: 45.81, east: 15.98, north: 45.82 },
      savedAt: '2026-11-26T19:30:00.000Z',
      horizon: '2026-12-03T19:30:00.000Z',
      places: zagreb.places.slice(1, 2),
      hours: [
        { places: [2], stretches: [{ from: '2026-11-26T19:30:00.000Z', state: 'closed', nextChange: null }] },
      ],
    };
    await putSavedArea(zagreb);
    await putSavedArea(square);
    const offlineFetch = withSavedAreas(unreachable);
    const json = async (url: string) => (await offlineFetch(url)).json();
    expect((await json('/api/v1/places/2')).openState.state).toBe('closed');
    expect((await json(`/api/v1/places?${NEAR}&openNow=true`)).items).toEqual([]);
    // Between the two horizons the older area no longer knows: no "open now" at all.
    vi.setSystemTime(new Date('2026-12-03T19:00:00.000Z'));
    await expect(offlineFetch(`/api/v1/places?${NEAR}&openNow=true`)).rejects.toThrow('Failed to fetch');
    expect((await json('/api/v1/places/2')).openState.state).toBe('closed');
    expect((await json('/api/v1/places/1')).openState.state).toBe('unknown');
  });

  it('reads an area saved before packs carried hours as one that knows none', async () => {
    const { hours: _, horizon: __, ...old } = zagreb;
    const db = await openDB('karta-offline');
    await db.put('areas', {
      id: old.id,
      bbox: old.bbox,
      savedAt: old.savedAt,
      maxZoom: 18,
      placeCount: 3,
      bytes: 1,
    });
    await db.put('places', { id: old.id, places: old.places, categories: old.categories });
    db.close();
    expect(await readSavedAreas()).toEqual([{ ...zagreb, hours: [], horizon: zagreb.savedAt }]);
    const offlineFetch = withSavedAreas(unreachable);
    await expect(offlineFetch(`/api/v1/places?${NEAR}&openNow=true`)).rejects.toThrow('Failed to fetch');
    expect((await (await offlineFetch('/api/v1/places/1')).json()).openState.state).toBe('unknown');
  });

  it('uses the network whenever it answers', async () => {
    await putSavedArea(zagreb);
    const online = withSavedAreas(async () => new Response('{"items":[]}'));
    expect(await (await online('/api/v1/categories')).json()).toEqual({ items: [] });
  });
});

/** A small deterministic generator (mulberry32), so a failure names data that comes back. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('areas saved for offline use, filtered by field values (f.<key>)', () => {
  const label = { en: 'A field' };
  const option = (value: string) => ({ value, label });
  const AED_FIELDS: CategoryField[] = [
    {
      key: 'access',
      type: 'enum',
      label,
      filterable: true,
      options: ['yes', 'customers', 'private'].map(option),
    },
    { key: 'indoor', type: 'boolean', label, filterable: true },
    { key: 'level', type: 'integer', label, filterable: true },
    { key: 'note', type: 'text', label },
  ];
  const FOOD_FIELDS: CategoryField[] = [
    { key: 'indoor', type: 'boolean', label, filterable: true },
    {
      key: 'languages',
      type: 'multi_enum',
      label,
      filterable: true,
      options: ['hr', 'en', 'uk'].map(option),
    },
    { key: 'inspected', type: 'date', label, filterable: true },
    // Kept but no longer offered as a filter: its values filter nothing.
    { key: 'walk_in', type: 'boolean', label },
  ];
  const category = (id: number, slug: string, fields: CategoryField[]): Category => ({
    id,
    slug,
    name: { en: slug },
    color: '#334155',
    icon: 'pin',
    fields,
    removedFields: [],
    notes: 'postmoderated',
  });
  const categories = [
    pharmacy,
    category(2, 'defibrillator', AED_FIELDS),
    category(3, 'food-bank', FOOD_FIELDS),
  ];

  /** 600 places around the square, each with some of its category's values, some with none. */
  const next = random(2026);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  const places: Place[] = Array.from({ length: 600 }, (_unused, index) => {
    const slug = pick(['pharmacy', 'defibrillator', 'defibrillator', 'food-bank']);
    const extra: Place['extra'] = {};
    const maybe = (key: string, value: () => Place['extra'][string]) => {
      if (next() < 0.75) extra[key] = value();
    };
    if (slug === 'defibrillator') {
      maybe('access', () => pick(['yes', 'customers', 'private']));
      maybe('indoor', () => next() < 0.5);
      maybe('level', () => pick([-1, 0, 0, 1, 2, 3, 5]));
      maybe('note', () => 'by the door');
    } else if (slug === 'food-bank') {
      maybe('indoor', () => next() < 0.5);
      maybe('languages', () => ['hr', 'en', 'uk'].filter(() => next() < 0.5));
      maybe('inspected', () => pick(['2025-12-31', '2026-01-01', '2026-03-01', '2026-06-15']));
      maybe('walk_in', () => next() < 0.5);
    }
    const { distance: _, ...place } = listedPlace({
      id: index + 1,
      lat: 45.78 + next() * 0.06,
      lng: 15.93 + next() * 0.1,
      name: { hr: `${slug} ${index + 1}` },
      category: slug,
      categoryId: categories.find((c) => c.slug === slug)?.id as number,
      extra,
    });
    return place;
  });
  const area: SavedArea = { ...zagreb, id: 'fields', places, categories, hours: [] };
  const CENTRE = { lat: 45.81, lng: 15.98 };

  /** Filters as the filter panel writes them, and the same rule written out on the places' values. */
  const cases: [FieldFilterParam[], (place: Place) => boolean][] = [
    [[{ key: 'indoor', values: ['true'] }], (p) => p.extra.indoor === true],
    [[{ key: 'indoor', values: ['false'] }], (p) => p.extra.indoor === false],
    [
      [{ key: 'access', values: ['yes', 'customers'] }],
      (p) => p.extra.access === 'yes' || p.extra.access === 'customers',
    ],
    [
      [{ key: 'level', values: [], min: '1', max: '3' }],
      (p) => typeof p.extra.level === 'number' && p.extra.level >= 1 && p.extra.level <= 3,
    ],
    [[{ key: 'level', values: ['0', '5'] }], (p) => p.extra.level === 0 || p.extra.level === 5],
    [
      [{ key: 'languages', values: ['uk'] }],
      (p) => Array.isArray(p.extra.languages) && p.extra.languages.includes('uk'),
    ],
    [
      [{ key: 'inspected', values: [], min: '2026-01-01', max: '2026-03-01' }],
      (p) =>
        typeof p.extra.inspected === 'string' &&
        p.extra.inspected >= '2026-01-01' &&
        p.extra.inspected <= '2026-03-01',
    ],
    [
      [
        { key: 'access', values: ['private'] },
        { key: 'indoor', values: ['true'] },
        { key: 'level', values: [], max: '0' },
      ],
      (p) => p.extra.access === 'private' && p.extra.indoor === true && (p.extra.level as number) <= 0,
    ],
  ];

  const offline = () =>
    createApiClient({ baseUrl: window.location.origin, fetch: withSavedAreas(unreachable) });
  const sortedIds = (items: readonly { id: number }[]) => items.map((item) => item.id).sort((a, b) => a - b);

  it('draws, lists, finds near and suggests exactly the places that pass, counted as the values say', async () => {
    await putSavedArea(area);
    const api = offline();
    let counted = 0;
    for (const [f, passes] of cases) {
      const label = JSON.stringify(f);
      const matching = places.filter(passes);
      expect(matching.length, label).toBeGreaterThan(3);
      counted += matching.length;
      // Only the matching places saved: what the filtered map must draw, cluster for cluster.
      const onlyMatching = new OfflinePlaces([{ ...area, places: matching }]);
      for (const zoom of [11, 13, 15, 18]) {
        const query: MapQuery = { bbox: area.bbox, zoom, f };
        const map = await api.map(query);
        const shown = map.clusters.reduce((sum, cluster) => sum + cluster.count, 0) + map.places.length;
        expect(shown, `${label} at zoom ${zoom}`).toBe(matching.length);
        expect(map).toEqual(onlyMatching.map({ bbox: area.bbox, zoom }));
      }
      const list = await api.listPlaces({ bbox: area.bbox, f, limit: 100 });
      expect(list.total, label).toBe(matching.length);
      expect(list.items.length, label).toBe(Math.min(100, matching.length));
      for (const item of list.items) expect(passes(item), label).toBe(true);
      const pages = await api.listPlaces({ f, limit: 100 });
      expect(pages.total, label).toBe(matching.length);
      const near = await api.listPlaces({ near: CENTRE, radius: 1500, f, limit: 100 });
      const nearby = matching.filter((place) => distanceMetres(CENTRE, place) <= 1500);
      expect(near.total, label).toBe(nearby.length);
      expect(sortedIds(near.items), label).toEqual(sortedIds(nearby));
      const suggested = await api.suggestPlaces({ q: 'defibrillator', f, limit: 10 });
      const aeds = matching.filter((place) => place.category === 'defibrillator');
      expect(suggested.items.length, label).toBe(Math.min(10, aeds.length));
      for (const item of suggested.items) expect(passes(item), label).toBe(true);
    }
    expect(counted).toBeGreaterThan(300);
  });

  it('finds the places of a search and its map with the filter, every match counted', async () => {
    await putSavedArea(area);
    const api = offline();
    const f: FieldFilterParam[] = [{ key: 'indoor', values: ['true'] }];
    const expected = places.filter((place) => place.category === 'food-bank' && place.extra.indoor === true);
    const list = await api.listPlaces({ q: 'food-bank', f, limit: 100 });
    expect(sortedIds(list.items)).toEqual(sortedIds(expected));
    const map = await api.map({ bbox: area.bbox, zoom: 12, q: 'food-bank', f });
    expect(map.matches?.total).toBe(expected.length);
    expect(map.clusters.reduce((sum, cluster) => sum + cluster.count, 0) + map.places.length).toBe(
      expected.length,
    );
  });

  it('answers nothing for filters the saved categories cannot read, as it answers no other query the server would refuse', async () => {
    await putSavedArea(area);
    const offlineFetch = withSavedAreas(unreachable);
    const view = `bbox=${[area.bbox.west, area.bbox.south, area.bbox.east, area.bbox.north].join(',')}&zoom=13`;
    for (const filter of [
      'f.nosuch=1',
      'f.walk_in=true',
      'f.note=door',
      'f.access=maybe',
      'f.indoor=yes',
      'f.level.min=high',
      'f.access.min=1',
      'f.Level=1',
    ]) {
      for (const url of [
        `/api/v1/map?${view}&${filter}`,
        `/api/v1/places?${view}&${filter}`,
        `/api/v1/places/suggestions?q=a&${filter}`,
      ]) {
        await expect(offlineFetch(url), url).rejects.toThrow('Failed to fetch');
      }
    }
    // The same requests with a filter it reads are answered.
    expect((await offlineFetch(`/api/v1/map?${view}&f.level.min=1`)).status).toBe(200);
    expect((await offlineFetch(`/api/v1/places?${view}&f.access=yes&f.access=private`)).status).toBe(200);
  });
});
