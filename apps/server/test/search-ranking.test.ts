import { LIST_COUNT_BOUND, PlaceList, type PlaceListItem } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/** Near Krakow am See (Mecklenburg), far from Kraków. */
const MECKLENBURG = { lat: 53.65, lng: 12.27 };
const ZAGREB = { lat: 45.813, lng: 15.977 };
/** More same-word names than a search ranks at once (its count bound, 1 000). */
const COMMON_COUNT = 1_300;
/** More places named exactly alike than are sorted exactly (PROBE_ROWS in place-search.ts). */
const SAME_NAME_COUNT = 1_050;

/** Inserted look-alikes first, so id order never ranks the meant place first by accident. */
const FIXTURES: { key: string; name: Record<string, string>; at: { lat: number; lng: number } }[] = [
  { key: 'krakow-am-see', name: { de: 'Krakow am See' }, at: MECKLENBURG },
  { key: 'krakowskie', name: { pl: 'Krakowskie Przedmieście' }, at: { lat: 52.24, lng: 21.015 } },
  { key: 'krakow', name: { pl: 'Kraków' }, at: { lat: 50.06, lng: 19.94 } },
  { key: 'nisko', name: { pl: 'Nisko' }, at: { lat: 50.52, lng: 22.14 } },
  { key: 'niska-banja', name: { sr: 'Niška Banja' }, at: { lat: 43.29, lng: 22.0 } },
  { key: 'denis', name: { fr: 'Saint-Denis' }, at: { lat: 48.93, lng: 2.35 } },
  { key: 'nis', name: { sr: 'Niš' }, at: { lat: 43.32, lng: 21.9 } },
  { key: 'koln', name: { de: 'Köln', en: 'Cologne' }, at: { lat: 50.94, lng: 6.96 } },
  { key: 'koeln-arena', name: { de: 'Koeln Arena' }, at: { lat: 50.94, lng: 6.98 } },
  { key: 'dusseldorf', name: { de: 'Düsseldorf' }, at: { lat: 51.22, lng: 6.78 } },
  { key: 'dakovo', name: { hr: 'Đakovo' }, at: { lat: 45.31, lng: 18.41 } },
  { key: 'arhus', name: { da: 'Århus' }, at: { lat: 56.16, lng: 10.2 } },
  { key: 'aarhus-havn', name: { da: 'Aarhus Havn' }, at: { lat: 56.15, lng: 10.22 } },
  { key: 'strasse', name: { de: 'Lange Straße' }, at: { lat: 52.5, lng: 13.4 } },
  { key: 'bellegarde', name: { fr: 'Bellegarde' }, at: { lat: 46.1, lng: 5.82 } },
  { key: 'belgrade', name: { en: 'Belgrade', sr: 'Beograd' }, at: { lat: 44.8, lng: 20.47 } },
  { key: 'new-london', name: { en: 'New London' }, at: { lat: 41.36, lng: -72.1 } },
  { key: 'london', name: { en: 'London' }, at: { lat: 51.5, lng: -0.12 } },
  { key: 'novi-zagreb', name: { hr: 'Novi Zagreb' }, at: { lat: 45.77, lng: 15.98 } },
  { key: 'zagreb', name: { hr: 'Zagreb' }, at: ZAGREB },
];

describe.skipIf(!databaseAvailable)(`search ranking, spellings and typos (${dbKind})`, () => {
  let t: TestApp;
  const ids = new Map<string, number>();
  const keyOf = (id: number) => [...ids].find(([, value]) => value === id)?.[0] ?? `#${id}`;

  const list = async (query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/places?${query}`,
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return PlaceList.parse(response.json());
  };
  const keys = async (q: string, extra = '') =>
    (await list(`q=${encodeURIComponent(q)}${extra}`)).items.map((item) => keyOf(item.id));

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    await t.database.query(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('place', '{"en": "Place"}', '#6d28d9', 'store')`,
    );
    // Hundreds of "Ljekarna N" around Zagreb, nearest last in id order, and one place named
    // just "Ljekarna" far away: more than a probe reads, so the large-class paths answer.
    await t.database.query(
      `INSERT INTO places (category_id, name, description, primary_language, lat, lng, status, published_at)
       SELECT (SELECT min(id) FROM categories), jsonb_build_object('hr', 'Ljekarna ' || n), '{}'::jsonb, 'hr',
              $1 + (0.5 - n * 0.00035) * sin(n), $2 + (0.5 - n * 0.00035) * cos(n), 'published', now()
       FROM generate_series(1, $3::int) AS n`,
      [ZAGREB.lat, ZAGREB.lng, COMMON_COUNT],
    );
    await t.database.query(
      `INSERT INTO places (category_id, name, description, primary_language, lat, lng, status, published_at)
       SELECT (SELECT min(id) FROM categories), '{"hr": "Kiosk"}'::jsonb, '{}'::jsonb, 'hr',
              $1 + n * 0.0001, $2, 'published', now()
       FROM generate_series(1, $3::int) AS n`,
      [ZAGREB.lat, ZAGREB.lng, SAME_NAME_COUNT],
    );
    for (const f of FIXTURES) {
      ids.set(
        f.key,
        await insertPlace(t.database, { status: 'published', authorId: null, name: f.name, ...f.at }),
      );
    }
    ids.set(
      'just-ljekarna',
      await insertPlace(t.database, {
        status: 'published',
        authorId: null,
        name: { hr: 'Ljekarna' },
        lat: 46.3,
        lng: 16.3,
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('puts an exact name first, before longer names that begin with it, wherever they are', async () => {
    expect(await keys('krakow')).toEqual(['krakow', 'krakow-am-see', 'krakowskie']);
    // Even from next to the longer one: rank before distance.
    expect(await keys('KRAKOW', `&origin=${MECKLENBURG.lat},${MECKLENBURG.lng}`)).toEqual([
      'krakow',
      'krakow-am-see',
      'krakowskie',
    ]);
    expect(await keys('nis')).toEqual(['nis', 'nisko', 'niska-banja', 'denis']);
    // Among a thousand names beginning with the word, the one that is just the word.
    expect((await keys('ljekarna', `&origin=${ZAGREB.lat},${ZAGREB.lng}&limit=3`))[0]).toBe('just-ljekarna');
  });

  it('reads a thousand places of the same exact name in order, page after page', async () => {
    const { rows } = await t.database.query<{ id: number }>(
      `SELECT id FROM places WHERE name->>'hr' = 'Kiosk' ORDER BY id LIMIT 12`,
    );
    const kiosks = rows.map((row) => row.id);
    for (const extra of ['', `&origin=${ZAGREB.lat},${ZAGREB.lng}`]) {
      const first = await list(`q=kiosk&limit=6${extra}`);
      const second = await list(`q=kiosk&limit=6${extra}&cursor=${first.nextCursor}`);
      // Each kiosk lies farther north than the one before, so both orders are id order.
      expect(
        [...first.items, ...second.items].map((item) => item.id),
        extra,
      ).toEqual(kiosks);
      expect(first).toMatchObject({ total: LIST_COUNT_BOUND, totalIsLowerBound: true });
    }
  });

  it('matches letters written as two, both ways', async () => {
    expect(await keys('koeln')).toEqual(['koln', 'koeln-arena']);
    expect(await keys('Köln')).toEqual(['koln', 'koeln-arena']);
    expect(await keys('KÖLN')).toEqual(['koln', 'koeln-arena']);
    expect(await keys('duesseldorf')).toEqual(['dusseldorf']);
    expect(await keys('dusseldorf')).toEqual(['dusseldorf']);
    expect(await keys('djakovo')).toEqual(['dakovo']);
    expect(await keys('dakovo')).toEqual(['dakovo']);
    expect(await keys('aarhus')).toEqual(['arhus', 'aarhus-havn']);
    expect(await keys('Århus')).toEqual(['arhus', 'aarhus-havn']);
    expect(await keys('lange strasse')).toEqual(['strasse']);
    expect(await keys('STRASSE')).toEqual(['strasse']);
  });

  it('finds a name with one or two letters wrong, missing, extra or swapped, closest first', async () => {
    expect(await keys('zagrebb')).toEqual(['zagreb', 'novi-zagreb']);
    expect((await keys('belgarde'))[0]).toBe('belgrade');
    expect(await keys('londn')).toEqual(['london', 'new-london']);
    const typos = await list('q=zagrebb');
    expect(typos.total).toBe(2);
  });

  it('looks for typos only when nothing matches as written, and only in words of five letters or more', async () => {
    // "londo" begins "London": no typo added to that.
    expect(await keys('londo')).toEqual(['london', 'new-london']);
    // Two letters off in a four-letter word is another word.
    expect(await keys('nusk')).toEqual([]);
    // Every word must be close: one good word is not enough.
    expect(await keys('london paris')).toEqual([]);
  });

  it('pages through typo matches and a class larger than a probe without skips or repeats', async () => {
    for (const query of ['q=zagrebb&limit=1', `q=ljekarna&origin=${ZAGREB.lat},${ZAGREB.lng}&limit=50`]) {
      const seen: PlaceListItem[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 4; page += 1) {
        const answer: PlaceList = await list(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...answer.items);
        cursor = answer.nextCursor;
        if (!cursor) break;
      }
      const seenIds = seen.map((item) => item.id);
      expect(new Set(seenIds).size, query).toBe(seenIds.length);
      if (query.startsWith('q=zagrebb')) expect(seenIds.map(keyOf)).toEqual(['zagreb', 'novi-zagreb']);
    }
    // The pharmacies come nearest first, exactly as measured the slow way.
    const walked = await list(`q=ljekarna&origin=${ZAGREB.lat},${ZAGREB.lng}&limit=40`);
    const nearest = await t.database.query<{ id: number }>(
      `SELECT id FROM places WHERE name->>'hr' LIKE 'Ljekarna %'
       ORDER BY 2 * 6371008.8 * asin(sqrt(power(sin(radians(public_lat - $1) / 2), 2)
         + cos(radians($1)) * cos(radians(public_lat)) * power(sin(radians(public_lng - $2) / 2), 2))), id
       LIMIT 39`,
      [ZAGREB.lat, ZAGREB.lng],
    );
    expect(walked.items.slice(1).map((item) => item.id)).toEqual(nearest.rows.map((row) => row.id));
    expect(walked).toMatchObject({ total: LIST_COUNT_BOUND, totalIsLowerBound: true });
  });
});
