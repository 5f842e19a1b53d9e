import { describe, expect, it } from 'vitest';
import type { PlaceRecord } from './prepared-places.ts';
import { preparePlaces } from './prepared-places.ts';
import { searchPlaces } from './search-places.ts';

const ZAGREB = { lat: 45.813, lng: 15.977 };
const SPLIT = { lat: 43.508, lng: 16.44 };

const records: PlaceRecord[] = [
  { id: 1, name: { hr: 'Ljekarna Centar' }, lat: 45.81, lng: 15.97 },
  { id: 2, name: { hr: 'Gradska ljekarna' }, lat: 43.51, lng: 16.44 },
  { id: 3, name: { hr: 'Ljekarna' }, lat: 45.55, lng: 18.69 },
  {
    id: 4,
    name: { hr: 'Kavana', en: 'Café' },
    description: { hr: 'Pored ljekarne.' },
    lat: 45.8,
    lng: 15.96,
  },
  { id: 5, name: { hr: 'Trg', en: 'Square' }, address: 'Ljekarnička ulica 1', lat: 45.1, lng: 15.1 },
  { id: 6, name: { de: 'Köln', en: 'Cologne' }, lat: 50.94, lng: 6.96 },
  { id: 7, name: { de: 'Koeln Arena' }, lat: 50.94, lng: 6.98 },
  { id: 8, name: { hr: 'Željeznički kolodvor', en: 'Main railway station' }, lat: 45.804, lng: 15.978 },
  { id: 9, name: { hr: 'Đakovo' }, lat: 45.31, lng: 18.41 },
  { id: 10, name: { en: 'Belgrade', hr: 'Beograd' }, lat: 44.8, lng: 20.47 },
  { id: 11, name: { en: 'Bellegarde' }, lat: 46.1, lng: 5.82 },
  { id: 12, name: { hr: 'Novi Zagreb' }, lat: 45.77, lng: 15.98 },
  { id: 13, name: { hr: 'Zagreb' }, lat: 45.813, lng: 15.977 },
];
const prepared = preparePlaces(records);
const search = (q: string, extra: { origin?: { lat: number; lng: number }; newest?: boolean } = {}) =>
  searchPlaces(prepared, { q, ...extra }).map((hit) => [hit.id, hit.rank]);

describe('searchPlaces', () => {
  it('ranks a name that is the query, then names and words beginning with it, then the rest', () => {
    expect(search('ljekarna')).toEqual([
      [3, 0],
      [1, 1],
      [2, 2],
    ]);
    // "ljekarne" in a description and "Ljekarnička" in an address hold it too.
    expect(search('ljekarn')).toEqual([
      [1, 1],
      [3, 1],
      [2, 2],
      [4, 4],
      [5, 4],
    ]);
    expect(search('centar ljekarna')).toEqual([[1, 3]]);
  });

  it('orders each rank by distance from the origin, else by id, newest first if asked', () => {
    expect(search('ljekarn', { origin: SPLIT }).map(([id]) => id)).toEqual([1, 3, 2, 5, 4]);
    expect(search('ljekarn', { origin: ZAGREB }).map(([id]) => id)).toEqual([1, 3, 2, 4, 5]);
    expect(search('ljekarn', { newest: true }).map(([id]) => id)).toEqual([3, 1, 2, 5, 4]);
    const hits = searchPlaces(prepared, { q: 'zagreb', origin: ZAGREB });
    expect(hits[0]).toEqual({ id: 13, rank: 0, distance: 0 });
    expect(hits[1]?.distance).toBeCloseTo(4787.04, 1);
  });

  it('ignores case and diacritics, and matches letters written as two both ways', () => {
    expect(search('ZELJEZNICKI')).toEqual([[8, 1]]);
    expect(search('koeln')).toEqual([
      [6, 0],
      [7, 1],
    ]);
    expect(search('Köln')).toEqual([
      [6, 0],
      [7, 1],
    ]);
    expect(search('djakovo')).toEqual([[9, 0]]);
  });

  it('corrects typos only when nothing matches as written', () => {
    expect(search('zagrebb')).toEqual([
      [13, 7],
      [12, 8],
    ]);
    expect(search('belgarde')).toEqual([[10, 7]]);
    // "zagre" matches as written, so no typo is looked for.
    expect(search('zagre').map(([id]) => id)).toEqual([13, 12]);
    expect(search('lond')).toEqual([]);
  });

  it('applies the list’s other filters first, and looks for typos when none of those places matches', () => {
    const eastCroatia = (place: { lng: number }) => place.lng > 15.5 && place.lng < 19.5;
    expect(searchPlaces(prepared, { q: 'ljekarn', include: eastCroatia }).map((hit) => hit.id)).toEqual([
      1, 3, 2, 4,
    ]);
    // "koeln" matches as written in Germany only: in eastern Croatia nothing does, and no typo is near it.
    expect(searchPlaces(prepared, { q: 'koeln', include: eastCroatia })).toEqual([]);
    // "zagre" matches as written everywhere but not west of Zagreb, where typos are looked for.
    const westOfZagreb = (place: { lng: number }) => place.lng < 15.5;
    expect(searchPlaces(prepared, { q: 'zagre', include: westOfZagreb })).toEqual([]);
    expect(searchPlaces(prepared, { q: 'belgarde', include: (place) => place.id !== 10 })).toEqual([]);
  });

  it('finds nothing for a query without a letter or digit, which the API refuses', () => {
    expect(search('--')).toEqual([]);
    expect(search('   ')).toEqual([]);
  });

  it('searches 20 000 places quickly enough to answer as one types', () => {
    const many: PlaceRecord[] = Array.from({ length: 20_000 }, (_, i) => ({
      id: i + 1,
      name: {
        hr: `Ljekarna ${i} ${['Centar', 'Dubrava', 'Trešnjevka', 'Špansko'][i % 4]}`,
        en: `Pharmacy ${i}`,
      },
      description: { hr: 'Otvoreno radnim danom, subotom do podne.' },
      address: `Ilica ${i}, Zagreb`,
      lat: 45.8 + (i % 100) * 0.001,
      lng: 15.9 + Math.floor(i / 100) * 0.001,
    }));
    const started = performance.now();
    const big = preparePlaces(many);
    const prepareMs = performance.now() - started;
    /** Milliseconds a search takes; the first run of each also compiles (and, for a typo, builds the vocabulary). */
    const timed = (q: string) => {
      const start = performance.now();
      const hits = searchPlaces(big, { q, origin: ZAGREB });
      return { hits, ms: (performance.now() - start).toFixed(1) };
    };
    const counts = { ljekarna: 20_000, spansko: 5_000, 'ilica 12': 1_578, treznjevka: 200, nepostojece: 0 };
    const timings = Object.entries(counts).map(([q, count]) => {
      const first = timed(q);
      const again = timed(q);
      expect(first.hits.length, q).toBe(count);
      expect(again.hits).toEqual(first.hits);
      return `${q}: ${count} hits, ${first.ms} ms first, ${again.ms} ms again`;
    });
    // A note for the reader of the log, not a timed assertion.
    console.info(`prepare 20 000 places: ${prepareMs.toFixed(0)} ms; ${timings.join('; ')}`);
  });
});
