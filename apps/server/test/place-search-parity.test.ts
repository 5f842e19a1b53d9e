import { type LatLng, OwnPlace, PlaceList, type PlaceListItem } from '@karta/contracts';
import {
  FIRST_TYPO_RANK,
  foldSpelled,
  foldText,
  type PreparedPlaces,
  preparePlaces,
  searchPlaces,
} from '@karta/place-search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, postJson, signedInUser } from './support/auth.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

// The browser's offline search (@karta/place-search) must answer as the server does. Places go in
// through the API, the browser's copy of them comes out of it, and every query is asked of both.

const ZAGREB = { lat: 45.813, lng: 15.977 };
const SPLIT = { lat: 43.508, lng: 16.44 };

interface Fixture {
  name: Record<string, string>;
  description?: Record<string, string>;
  address?: string;
  at: LatLng;
  locationPrivacy?: '100m' | '1km';
}

/** Names that fold, spell out, punctuate and escape in every way the SQL does. */
const FIXTURES: Fixture[] = [
  {
    name: { hr: 'Željeznički kolodvor', en: 'Main Railway Station' },
    description: { hr: 'Glavni kolodvor.', en: 'Trains to Split and Rijeka.' },
    address: 'Trg kralja Tomislava 12, Zagreb',
    at: { lat: 45.8045, lng: 15.9786 },
  },
  {
    name: { hr: 'Đakovačka katedrala', en: 'Đakovo Cathedral' },
    description: { hr: 'Katedrala sv. Petra u Đakovu.' },
    at: { lat: 45.3086, lng: 18.4105 },
  },
  { name: { hr: 'Ljekarna Centar' }, at: { lat: 45.812, lng: 15.975 } },
  { name: { hr: 'Gradska ljekarna', en: 'City Pharmacy' }, at: { lat: 43.509, lng: 16.438 } },
  { name: { hr: 'Ljekarna' }, at: { lat: 45.55, lng: 18.69 } },
  {
    name: { de: 'Lange Straße', en: 'Long Street' },
    address: 'Lange Straße 5, Berlin',
    at: { lat: 52.5, lng: 13.4 },
  },
  { name: { de: 'Köln', en: 'Cologne' }, at: { lat: 50.94, lng: 6.96 } },
  { name: { de: 'Koeln Arena' }, at: { lat: 50.938, lng: 6.983 } },
  { name: { de: 'Düsseldorf' }, at: { lat: 51.22, lng: 6.78 } },
  {
    name: { hr: 'Kavana "Kod Žnidaršića"', en: 'Café “Kod Žnidaršića”' },
    description: { hr: 'Kava, čaj \\ sokovi.' },
    at: { lat: 45.8135, lng: 15.9772 },
  },
  // The English name ends with punctuation and is not the last: its fold keeps a space before `|`.
  {
    name: { en: 'St. Mark’s Church.', hr: 'Crkva sv. Marka' },
    address: 'Trg sv. Marka 5, Zagreb',
    at: { lat: 45.8164, lng: 15.9736 },
  },
  {
    name: { hr: 'Trg bana Josipa Jelačića', en: 'Ban Jelačić Square' },
    address: 'Trg bana J. Jelačića 1',
    at: { lat: 45.813, lng: 15.977 },
  },
  {
    name: { hr: 'Cvjetni trg', en: 'Flower Square' },
    description: {
      hr: 'Trg Petra Preradovića, zvan Cvjetni.',
      en: 'Officially Preradović Square.\nFlower stalls.',
    },
    at: { lat: 45.8117, lng: 15.9737 },
  },
  {
    name: { hr: 'Pekara', en: 'Bakery' },
    description: { hr: 'Kruh, burek i pite; otvoreno 0–24.' },
    address: 'Ilica 242, Zagreb',
    at: { lat: 45.8155, lng: 15.9402 },
  },
  { name: { en: 'Belgrade', hr: 'Beograd' }, at: { lat: 44.8, lng: 20.47 } },
  { name: { en: 'Bellegarde' }, at: { lat: 46.1, lng: 5.82 } },
  { name: { en: 'New London' }, at: { lat: 41.36, lng: -72.1 } },
  { name: { en: 'London' }, at: { lat: 51.5, lng: -0.12 } },
  { name: { hr: 'Novi Zagreb' }, at: { lat: 45.77, lng: 15.98 } },
  { name: { hr: 'Zagreb' }, at: ZAGREB },
  { name: { hr: 'Łódź Fabryczna', en: 'Lodz Fabryczna station' }, at: { lat: 51.77, lng: 19.47 } },
  { name: { hr: 'Øresundski most', en: 'Øresund Bridge' }, at: { lat: 55.58, lng: 12.83 } },
  { name: { de: 'Ærøskøbing' }, at: { lat: 54.89, lng: 10.41 } },
  { name: { hr: 'Sveti Križ Začretje' }, at: { lat: 46.08, lng: 15.93 } },
  {
    name: { hr: 'Muzej', en: 'Museum' },
    description: { de: 'Geschichte der Straßenbahn.', en: 'Trams (Straßenbahn) through the ages.' },
    at: { lat: 45.81, lng: 15.97 },
  },
  // A tab in a description is folded from its JSON escape `\t`: "vrijeme tpon".
  {
    name: { hr: 'Knjižnica', en: 'Library' },
    description: { hr: 'Radno vrijeme:\tpon–pet' },
    at: { lat: 45.801, lng: 15.96 },
  },
  {
    name: { hr: 'Tajni vrt', en: 'Secret Garden' },
    at: { lat: 45.8201, lng: 15.9912 },
    locationPrivacy: '1km',
  },
  { name: { hr: 'Kiosk' }, at: { lat: 45.79, lng: 15.97 } },
  { name: { hr: 'Kiosk' }, at: { lat: 43.51, lng: 16.44 } },
  { name: { hr: 'Kiosk' }, at: { lat: 45.82, lng: 15.98 }, locationPrivacy: '100m' },
  { name: { hr: 'Dvorište', en: 'Courtyard' }, address: 'Ulica | dvorište 3', at: { lat: 45.83, lng: 16.0 } },
];

/** Queries of every kind, each asked without an origin, from two origins, and newest first. */
const QUERIES = [
  // Names as written, in capitals, without diacritics, and in pieces.
  'ljekarna',
  'LJEKARNA',
  'ljekarn',
  'zeljeznicki',
  'Željeznički kolodvor',
  'kolodvor zeljeznicki',
  'kiosk',
  'trg',
  'trg bana',
  'jelacic',
  'sveti kriz',
  // Only the first eight words must occur; the whole query still ranks.
  'trg bana josipa jelacica ban jelacic square trg nepostojece',
  'lodz',
  'Łódź',
  // Letters written as two, both ways.
  'djakovo',
  'dakovo',
  'Đakovo',
  'strasse',
  'Straße',
  'STRASSE',
  'lange strasse',
  'koeln',
  'Köln',
  'KÖLN',
  'koln',
  'duesseldorf',
  'oeresund',
  'aeroeskoebing',
  // Punctuation, quotes and escapes.
  'St. Mark’s Church.',
  'kod znidarsica',
  '"Kod Žnidaršića"',
  'caj sokovi',
  // Descriptions and addresses only.
  'preradovica',
  'flower stalls',
  'burek',
  'ilica 242',
  'strassenbahn',
  'vrijeme pon',
  'tpon',
  'dvoriste 3',
  // Typos, when nothing matches as written.
  'zagrebb',
  'belgarde',
  'londn',
  'novi zagrb',
  'zeljeznicki kolodvr',
  'pharmcy',
  'ljekrana',
  // Nothing.
  'nepostojeće mjesto',
  'xyz',
  'nusk',
];

const VARIANTS: { label: string; origin?: LatLng; newest?: boolean }[] = [
  { label: 'by id' },
  { label: 'newest first', newest: true },
  { label: 'from Zagreb', origin: ZAGREB },
  { label: 'from Split', origin: SPLIT },
];

/**
 * Code points the two databases fold alike (PGlite's C library and PostgreSQL's glibc differ on
 * some others, such as circled letters and private-use characters): Latin, Greek, Cyrillic,
 * Armenian and Hebrew; general punctuation, currency, letterlike and technical symbols; CJK
 * punctuation; pictographs.
 */
const CODE_POINT_RANGES: [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0x5ff],
  [0x1e00, 0x1fff],
  [0x2000, 0x20bf],
  [0x2100, 0x23ff],
  [0x3000, 0x303f],
  [0x1f300, 0x1f5ff],
];

describe.skipIf(!databaseAvailable)(`the browser's place search answers as the server (${dbKind})`, () => {
  let t: TestApp;
  let prepared: PreparedPlaces;

  const serverAnswer = async (q: string, variant: (typeof VARIANTS)[number]): Promise<PlaceListItem[]> => {
    const params = new URLSearchParams({ q, limit: '100' });
    if (variant.origin) params.set('origin', `${variant.origin.lat},${variant.origin.lng}`);
    if (variant.newest) params.set('order', 'newest');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/places?${params}`,
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = PlaceList.parse(response.json());
    expect(page.nextCursor, 'one page holds every answer').toBeNull();
    return page.items;
  };

  beforeAll(async () => {
    t = await startTestApp({ demo: false, env: { LANGUAGES: 'hr,en,de' } });
    await t.database.query(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('place', '{"en": "Place"}', '#6d28d9', 'store')`,
    );
    const categoryId = (await t.database.query<{ id: number }>('SELECT id FROM categories')).rows[0]?.id;
    const author = await signedInUser(t.app);
    const moderator = await signedInUser(t.app, 'moderator');
    for (const fixture of FIXTURES) {
      const { at, ...fields } = fixture;
      const created = await postJson(
        t.app,
        '/api/v1/places',
        { categoryId, ...fields, ...at },
        {
          headers: author.headers,
        },
      );
      expect(created.statusCode, created.body).toBe(201);
      const { id, version } = OwnPlace.parse(created.json());
      const published = await postJson(
        t.app,
        `/api/v1/places/${id}/transition`,
        { to: 'published', version },
        { headers: moderator.headers },
      );
      expect(published.statusCode, published.body).toBe(200);
    }
    // What a visitor's browser keeps: the list as the API gives it (public positions).
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/places?limit=100' });
    const { items } = PlaceList.parse(response.json());
    expect(items).toHaveLength(FIXTURES.length);
    prepared = preparePlaces(items);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('folds each place into the same search_name and search_text the database stores', async () => {
    const { rows } = await t.database.query<{ id: number; search_name: string; search_text: string }>(
      'SELECT id, search_name, search_text FROM places ORDER BY id',
    );
    expect(
      prepared.places.map(({ id, names, text }) => ({ id, search_name: names, search_text: text })),
    ).toEqual(rows);
  });

  it('folds every code point of the common scripts and symbols as karta_fold and karta_fold_spelled do', async () => {
    const codePoints = CODE_POINT_RANGES.flatMap(([first, last]) =>
      Array.from({ length: last - first + 1 }, (_, i) => first + i),
    );
    const { rows } = await t.database.query<{ n: number; plain: string; spelled: string }>(
      `SELECT n, karta_fold('a' || chr(n) || 'b') AS plain, karta_fold_spelled('a' || chr(n) || 'b') AS spelled
       FROM unnest($1::int[]) AS n ORDER BY n`,
      [codePoints],
    );
    const differing = rows.filter(({ n, plain, spelled }) => {
      const text = `a${String.fromCodePoint(n)}b`;
      return foldText(text) !== plain || foldSpelled(text) !== spelled;
    });
    expect(differing.map(({ n }) => `U+${n.toString(16).toUpperCase().padStart(4, '0')}`)).toEqual([]);
    expect(rows).toHaveLength(codePoints.length);
  });

  it.each(QUERIES)('answers %j with the same places in the same order', async (q) => {
    for (const variant of VARIANTS) {
      const server = await serverAnswer(q, variant);
      const browser = searchPlaces(prepared, { q, origin: variant.origin, newest: variant.newest });
      expect(
        browser.map((hit) => hit.id),
        variant.label,
      ).toEqual(server.map((item) => item.id));
      browser.forEach((hit, index) => {
        const distance = server[index]?.distance;
        if (hit.distance === null || distance == null)
          expect(distance ?? null, variant.label).toBe(hit.distance);
        // The API rounds distances to a tenth of a metre.
        else expect(hit.distance, variant.label).toBeCloseTo(distance, 1);
      });
    }
  });

  it('asks queries of every rank, typos included, and some that find nothing', () => {
    const ranks = new Set<number>();
    let empty = 0;
    for (const q of QUERIES) {
      const hits = searchPlaces(prepared, { q });
      for (const hit of hits) ranks.add(Math.min(hit.rank, FIRST_TYPO_RANK));
      if (hits.length === 0) empty += 1;
    }
    expect([...ranks].sort()).toEqual([0, 1, 2, 3, 4, FIRST_TYPO_RANK]);
    expect(empty).toBeGreaterThanOrEqual(3);
  });
});
