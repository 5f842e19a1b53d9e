import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  type CategoryField,
  CategoryList,
  ErrorBody,
  MAX_OFFLINE_PLACES,
  OfflineHoursWeek,
  OfflinePack,
  Place,
  PlaceList,
  UNKNOWN_OPEN_STATE,
} from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureDemoCategories } from '../src/demo-data/seed.ts';
import { MAX_PACK_BUILDS, PACK_BUSY_RETRY_AFTER_S } from '../src/offline/offline-packs.ts';
import { isKeyOpenAt, placeOpenState } from '../src/opening-hours/open-state.ts';
import { nextAddress, signedInUser } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/** An area around Split, away from every other fixture. */
const AREA = { west: 16.3, south: 43.4, east: 16.6, north: 43.6 };
const AREA_BBOX = `${AREA.west},${AREA.south},${AREA.east},${AREA.north}`;
/** Exact positions inside the area; the coarse ones are far enough from its edges to stay inside. */
const EXACT = { lat: 43.5081917, lng: 16.4401473 };
/** An area around Zadar for places with opening hours, away from every other fixture. */
const HOURS_BBOX = '15.1,44.0,15.4,44.2';
/** An area around Rijeka for places with field values, away from every other fixture. */
const FIELDS_BBOX = '14.3,45.25,14.6,45.4';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.skipIf(!databaseAvailable)(`GET /api/v1/offline-pack (${dbKind})`, () => {
  let t: TestApp;
  let author: Awaited<ReturnType<typeof signedInUser>>;
  let moderator: Awaited<ReturnType<typeof signedInUser>>;
  /** The published places inside AREA, in id order. */
  const published: number[] = [];
  /** When the last place of the box was written: no pack of it can be older. */
  let placesWrittenAt = 0;
  let firstCategory: { id: number; slug: string };

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, remoteAddress: nextAddress(), headers });
  const pack = async (query: string, headers: Record<string, string> = {}) => {
    const response = await get(`/api/v1/offline-pack?${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return OfflinePack.parse(response.json());
  };

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    await ensureDemoCategories(t.database);
    author = await signedInUser(t.app);
    moderator = await signedInUser(t.app, 'moderator');
    const { rows } = await t.database.query<{ id: number; slug: string }>(
      'SELECT id, slug FROM categories ORDER BY id LIMIT 2',
    );
    firstCategory = rows[0] as { id: number; slug: string };
    const otherCategory = (rows[1] as { id: number }).id;
    // Published, one of each privacy; the author's own, so their exact position is theirs to see.
    published.push(
      await insertPlace(t.database, { status: 'published', authorId: author.id, ...EXACT, privacy: '1km' }),
      await insertPlace(t.database, {
        status: 'published',
        authorId: author.id,
        lat: 43.5123456,
        lng: 16.4654321,
        privacy: '100m',
        openingHours: '24/7',
        categoryId: otherCategory,
      }),
      await insertPlace(t.database, { status: 'published', authorId: null, lat: 43.45, lng: 16.35 }),
    );
    // In the box but not public.
    for (const status of ['pending', 'rejected', 'archived'] as const) {
      await insertPlace(t.database, { status, authorId: author.id, lat: 43.5, lng: 16.45 });
    }
    // Published, just outside each edge.
    for (const [lat, lng] of [
      [AREA.north + 0.0001, 16.45],
      [AREA.south - 0.0001, 16.45],
      [43.5, AREA.west - 0.0001],
      [43.5, AREA.east + 0.0001],
    ] as const) {
      await insertPlace(t.database, { status: 'published', authorId: null, lat, lng });
    }
    published.sort((a, b) => a - b);
    placesWrittenAt = Date.now();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds every published place of the box as an anonymous visitor gets it, whoever asks', async () => {
    // Notes are news of the moment, not part of the saved copy (decision 027): a pack is handed out
    // again until a place changes, which a note does not do, so it leaves them out.
    const visitorCopies = await Promise.all(
      published.map(async (id) => {
        const {
          statusNote: _note,
          notesAllowed: _allowed,
          ...place
        } = (await get(`/api/v1/places/${id}`)).json() as Place;
        return place;
      }),
    );
    // The coarse ones are not at their exact position for a visitor…
    expect(visitorCopies[0]?.lat).not.toBe(EXACT.lat);
    expect(visitorCopies[1]?.lat).not.toBe(43.5123456);
    // …while their author sees it on the place's own page.
    const ownView = Place.parse((await get(`/api/v1/places/${published[0]}`, author.headers)).json());
    expect([ownView.lat, ownView.lng]).toEqual([EXACT.lat, EXACT.lng]);
    expect(ownView.authorId).toBe(author.id);

    for (const headers of [{}, author.headers, moderator.headers]) {
      const response = await get(`/api/v1/offline-pack?bbox=${AREA_BBOX}`, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const { places } = response.json() as { places: Record<string, unknown>[] };
      for (const place of places) {
        for (const key of ['authorId', 'authorVerified', 'rejectionReason'])
          expect(place).not.toHaveProperty(key);
      }
      expect(places).toEqual(visitorCopies);
    }
  });

  it('says which box it read, when, and every category as GET /categories does', async () => {
    const answer = await pack(`bbox=${AREA_BBOX}`);
    expect(answer.bbox).toEqual(AREA);
    // When it was read: after the places were written (the pack the first test had read may be
    // handed out again, as nothing changed since), and not in the future.
    const savedAt = Date.parse(answer.savedAt);
    expect(savedAt).toBeGreaterThanOrEqual(placesWrittenAt - 1000);
    expect(savedAt).toBeLessThanOrEqual(Date.now());
    const categories = CategoryList.parse((await get('/api/v1/categories')).json()).items;
    expect(categories.length).toBeGreaterThan(1);
    expect(answer.categories).toEqual(categories);
  });

  it('carries the towns and villages of its box from the built-in address data, credited', async () => {
    const zagreb = await pack('bbox=15.85,45.7,16.2,45.9');
    const names = zagreb.towns.map((town) => town.name);
    expect(names).toEqual(expect.arrayContaining(['Zagreb', 'Sesvete']));
    expect(names).not.toContain('Split');
    for (const town of zagreb.towns) {
      expect(town.lat).toBeGreaterThanOrEqual(45.7);
      expect(town.lat).toBeLessThanOrEqual(45.9);
      expect(town.lng).toBeGreaterThanOrEqual(15.85);
      expect(town.lng).toBeLessThanOrEqual(16.2);
    }
    expect(zagreb.townsAttribution).toContain('GeoNames');
    // Out at sea: no town.
    expect((await pack('bbox=15.0,43.0,15.05,43.05')).towns).toEqual([]);
  });

  it('keeps only the categories asked for, and still gives every category', async () => {
    const answer = await pack(`bbox=${AREA_BBOX}&category=${firstCategory.slug}`);
    expect(answer.places.map((place) => place.id)).toEqual([published[0], published[2]]);
    expect(answer.places.every((place) => place.categoryId === firstCategory.id)).toBe(true);
    expect(answer.categories.length).toBeGreaterThan(1);
  });

  it('reads a box across the antimeridian as two', async () => {
    const east = await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      lat: 0.5,
      lng: 179.95,
    });
    const west = await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      lat: 0.5,
      lng: -179.95,
    });
    await insertPlace(t.database, { status: 'published', authorId: null, lat: 0.5, lng: 10 });
    const across = await pack('bbox=179.9,-1,-179.9,1');
    expect(across.bbox).toEqual({ west: 179.9, south: -1, east: -179.9, north: 1 });
    expect(across.places.map((place) => place.id)).toEqual([east, west]);
    // The same numbers the other way round are the box between them, without either.
    const between = (await pack('bbox=-179.9,-1,179.9,1')).places.map((place) => place.id);
    expect(between).toHaveLength(1);
    expect(between).not.toContain(east);
    expect(between).not.toContain(west);
  });

  it('refuses a bad or missing box with the usual 400', async () => {
    for (const query of ['', 'bbox=1,2,3', 'bbox=16,44,17,43', 'bbox=16,43,181,44', 'bbox=a,b,c,d']) {
      const response = await get(`/api/v1/offline-pack?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(ErrorBody.parse(response.json()).error.code, query).toBe('validation_error');
    }
  });

  describe('opening hours', () => {
    /** Place ids by the hours they were given (null: none). */
    const byHours = new Map<string | null, number[]>();
    /** The database's hours key of each place (migration 013). */
    const keyOf = new Map<number, string | null>();

    beforeAll(async () => {
      const fixtures: [string | null, number, number][] = [
        ['Mo-Fr 08:00-16:00; Sa 08:00-12:00; PH off', 44.11, 15.21],
        ['Mo-Fr 08:00-16:00; Sa 08:00-12:00; PH off', 44.15, 15.35],
        // Two in the same tenth of a degree share their sun times; the third is a cell of its own.
        ['sunrise-sunset', 44.1234, 15.2234],
        ['sunrise-sunset', 44.1299, 15.2201],
        ['sunrise-sunset', 44.05, 15.35],
        // States the filters do not count as open, with the rule's comment.
        ['Mo-Su 09:00-17:00 unknown "by appointment"; Sa off "closed on Saturdays"', 44.12, 15.3],
        ['Mo-Fr 18:00+', 44.13, 15.31],
        // Written before a library change could make it unreadable: unknown all week.
        ['no such hours', 44.14, 15.32],
        [null, 44.16, 15.33],
      ];
      for (const [openingHours, lat, lng] of fixtures) {
        const id = await insertPlace(t.database, {
          status: 'published',
          authorId: null,
          lat,
          lng,
          ...(openingHours ? { openingHours } : {}),
        });
        byHours.set(openingHours, [...(byHours.get(openingHours) ?? []), id]);
      }
      const ids = [...byHours.values()].flat();
      const { rows } = await t.database.query<{ id: number; hours_key: string | null }>(
        'SELECT id, hours_key FROM places WHERE id = ANY($1::int8[])',
        [ids],
      );
      for (const row of rows) keyOf.set(Number(row.id), row.hours_key);
    });

    it('groups the places with hours by their hours key, for the week after savedAt', async () => {
      const answer = await pack(`bbox=${HOURS_BBOX}`);
      expect(Date.parse(answer.horizon) - Date.parse(answer.savedAt)).toBe(7 * DAY_MS);
      const groups = answer.hours.map((group) => group.places);
      // One group a key, in the order of their first places; no place twice, none without hours.
      expect(groups).toEqual([
        byHours.get('Mo-Fr 08:00-16:00; Sa 08:00-12:00; PH off'),
        byHours.get('sunrise-sunset')?.slice(0, 2),
        byHours.get('sunrise-sunset')?.slice(2),
        ...[
          'Mo-Su 09:00-17:00 unknown "by appointment"; Sa off "closed on Saturdays"',
          'Mo-Fr 18:00+',
          'no such hours',
        ].map((value) => byHours.get(value)),
      ]);
      for (const group of groups) {
        expect(new Set(group.map((id) => keyOf.get(id))).size).toBe(1);
      }
      expect(new Set(groups.map((group) => keyOf.get(group[0] as number))).size).toBe(groups.length);
      for (const { stretches } of answer.hours) {
        expect(stretches[0]?.from).toBe(answer.savedAt);
        const starts = stretches.map((stretch) => Date.parse(stretch.from));
        expect(starts).toEqual([...starts].sort((a, b) => a - b));
        expect(new Set(starts).size).toBe(starts.length);
        expect(starts.at(-1)).toBeLessThan(Date.parse(answer.horizon));
      }
    });

    it('says, at any instant of the week, what the server says of the place then', async () => {
      const answer = await pack(`bbox=${HOURS_BBOX}`);
      const savedAt = Date.parse(answer.savedAt);
      const horizon = Date.parse(answer.horizon);
      let compared = 0;
      const states = new Set<string>();
      for (const group of answer.hours) {
        const key = keyOf.get(group.places[0] as number) as string;
        const week = new OfflineHoursWeek(group.stretches, horizon);
        // Every change and the instant before it, and instants all through the week.
        const instants = group.stretches.flatMap((stretch) => [
          Date.parse(stretch.from),
          Date.parse(stretch.from) - 1,
        ]);
        for (let at = savedAt + 1234; at < horizon; at += 37 * 60 * 1000) instants.push(at);
        for (const at of instants.filter((instant) => instant >= savedAt)) {
          const server = placeOpenState(key, t.config.hours, new Date(at));
          expect(week.stateAt(at), `${key} at ${new Date(at).toISOString()}`).toEqual(server);
          expect(week.isOpenAt(at)).toBe(isKeyOpenAt(key, new Date(at), t.config.hours));
          states.add(`${server.state} ${server.comment}`);
          compared += 1;
        }
        // Outside the week the pack does not know.
        expect(week.stateAt(savedAt - 1)).toEqual(UNKNOWN_OPEN_STATE);
        expect(week.stateAt(horizon)).toEqual(UNKNOWN_OPEN_STATE);
      }
      expect(compared).toBeGreaterThan(1500);
      for (const state of [
        'open null',
        'closed null',
        'unknown by appointment',
        'closed closed on Saturdays',
        'unknown null',
      ]) {
        expect(states).toContain(state);
      }
    });

    it('streams the pack as the API writes any answer, the same whatever encoding the client takes', async () => {
      const url = `/api/v1/offline-pack?bbox=${HOURS_BBOX}`;
      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(plain.headers['content-encoding']).toBeUndefined();
      const answer = OfflinePack.parse(plain.json());
      expect(answer.places.length).toBeGreaterThan(5);
      expect(answer.hours.length).toBeGreaterThan(3);
      // Byte for byte what the contract's check and JSON.stringify wrote when the pack was built whole.
      expect(plain.body).toBe(JSON.stringify(answer));
      // Kept compressed: as it is for a browser, unpacked or compressed again for other clients.
      const brotli = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toBe('accept-encoding');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
      const gzip = await get(url, { 'accept-encoding': 'gzip, br;q=0' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    });
  });

  describe('field values and filters', () => {
    /** A category of this test's own, with a date and a number (the demo's have none). */
    const CHECKS_FIELDS: CategoryField[] = [
      { key: 'inspected', type: 'date', label: { en: 'Inspected' }, filterable: true },
      { key: 'capacity', type: 'number', label: { en: 'Capacity' }, filterable: true },
      { key: 'indoor', type: 'boolean', label: { en: 'Indoor' }, filterable: true },
      { key: 'note', type: 'text', label: { en: 'Note' } },
    ];
    /** Place ids by name, and the values each was given. */
    const ids = new Map<string, number>();

    beforeAll(async () => {
      const { rows } = await t.database.query<{ id: number; slug: string }>(
        `SELECT id, slug FROM categories WHERE slug IN ('defibrillator', 'food-bank', 'pharmacy')`,
      );
      const category = new Map(rows.map((row) => [row.slug, row.id]));
      const checks = await t.database.query<{ id: number }>(
        `INSERT INTO categories (slug, name, color, icon, fields, filter_types)
         VALUES ('checked-spot', '{"en": "Checked spot"}', '#334155', 'pin', $1::jsonb, $2::jsonb) RETURNING id`,
        [
          JSON.stringify(CHECKS_FIELDS),
          JSON.stringify({ inspected: 'date', capacity: 'number', indoor: 'boolean' }),
        ],
      );
      category.set('checked-spot', checks.rows[0]?.id as number);
      const fixtures: [string, string, Record<string, unknown>][] = [
        ['aed public', 'defibrillator', { access: 'yes', indoor: true, level: 0 }],
        ['aed private', 'defibrillator', { access: 'private', indoor: false, level: 3 }],
        ['aed customers', 'defibrillator', { access: 'customers', level: -1 }],
        ['aed unknown', 'defibrillator', {}],
        ['pharmacy on duty', 'pharmacy', { on_duty: true }],
        ['food bank', 'food-bank', { languages: ['hr', 'uk'], id_required: false }],
        [
          'checked early',
          'checked-spot',
          { inspected: '2026-01-15', capacity: 2.5, indoor: true, note: 'x' },
        ],
        ['checked late', 'checked-spot', { inspected: '2026-06-30', capacity: 40, indoor: false }],
      ];
      for (const [index, [name, slug, extra]] of fixtures.entries()) {
        const id = await insertPlace(t.database, {
          status: 'published',
          authorId: null,
          categoryId: category.get(slug),
          lat: 45.3 + index * 0.01,
          lng: 14.4 + index * 0.01,
          name,
        });
        await t.database.query('UPDATE places SET extra = $2::jsonb WHERE id = $1', [
          id,
          JSON.stringify(extra),
        ]);
        ids.set(name, id);
      }
    });

    const idsOf = (places: readonly { id: number }[]) => places.map((place) => place.id);
    const named = (...names: string[]) => names.map((name) => ids.get(name) as number).sort((a, b) => a - b);

    it('carries every value of its places, and every category with its fields, as the API gives them', async () => {
      const answer = await pack(`bbox=${FIELDS_BBOX}`);
      expect(idsOf(answer.places)).toEqual(named(...ids.keys()));
      for (const place of answer.places) {
        expect(place.extra).toEqual(Place.parse((await get(`/api/v1/places/${place.id}`)).json()).extra);
      }
      expect(answer.places.find((place) => place.id === ids.get('checked early'))?.extra).toEqual({
        inspected: '2026-01-15',
        capacity: 2.5,
        indoor: true,
        note: 'x',
      });
      const defibrillator = answer.categories.find((category) => category.slug === 'defibrillator');
      expect(defibrillator?.fields.map((field) => [field.key, field.type, field.filterable])).toEqual([
        ['access', 'enum', true],
        ['indoor', 'boolean', true],
        ['level', 'integer', true],
      ]);
      expect(answer.categories.find((category) => category.slug === 'checked-spot')?.fields).toEqual(
        CHECKS_FIELDS,
      );
    });

    it('holds only the places passing f.<key> filters: the very places the list gives for them', async () => {
      const cases: [string, string[]][] = [
        ['f.indoor=true', ['aed public', 'checked early']],
        ['f.indoor=false', ['aed private', 'checked late']],
        ['f.access=yes,private', ['aed public', 'aed private']],
        ['f.access=customers&f.access=private', ['aed customers', 'aed private']],
        ['f.level.min=0', ['aed public', 'aed private']],
        ['f.level.max=0&f.access=yes,customers', ['aed public', 'aed customers']],
        ['f.level=3', ['aed private']],
        ['f.languages=uk', ['food bank']],
        ['f.on_duty=true', ['pharmacy on duty']],
        ['f.inspected.min=2026-03-01', ['checked late']],
        ['f.inspected.max=2026-01-15', ['checked early']],
        ['f.capacity.max=10&f.indoor=true', ['checked early']],
        ['f.id_required=true', []],
      ];
      for (const [filters, expected] of cases) {
        const answer = await pack(`bbox=${FIELDS_BBOX}&${filters}`);
        expect(idsOf(answer.places), filters).toEqual(named(...expected));
        const listed = PlaceList.parse(
          (await get(`/api/v1/places?bbox=${FIELDS_BBOX}&limit=100&${filters}`)).json(),
        );
        expect(idsOf(answer.places), filters).toEqual(idsOf(listed.items).sort((a, b) => a - b));
        // Every category still, so the browser can read the filters of any of them.
        expect(answer.categories.length).toBeGreaterThan(3);
      }
      // With a category filter too.
      const aeds = await pack(`bbox=${FIELDS_BBOX}&category=checked-spot&f.indoor=true`);
      expect(idsOf(aeds.places)).toEqual(named('checked early'));
    });

    it('refuses an unknown key or a value the field cannot hold with the list’s 400', async () => {
      for (const filters of [
        'f.nosuch=1',
        'f.access=maybe',
        'f.indoor=yes',
        'f.level.min=high',
        'f.indoor.min=1',
      ]) {
        const response = await get(`/api/v1/offline-pack?bbox=${FIELDS_BBOX}&${filters}`);
        expect(response.statusCode, filters).toBe(400);
        const listed = await get(`/api/v1/places?bbox=${FIELDS_BBOX}&${filters}`);
        expect(listed.statusCode, filters).toBe(400);
        expect(ErrorBody.parse(response.json()).error, filters).toEqual(ErrorBody.parse(listed.json()).error);
      }
    });

    it('keeps a pack per filter: the same filter however written shares one, another is built', async () => {
      const read = vi.spyOn(t.app.placeRepository, 'inIdOrderUpTo');
      try {
        const url = (filters: string) => `/api/v1/offline-pack?bbox=14.3,45.25,14.6,45.39&${filters}`;
        const first = await get(url('f.access=yes,private&f.level.min=0'));
        expect(first.statusCode).toBe(200);
        // The same filter: values in another order, a number written otherwise, parameters swapped.
        for (const same of [
          'f.level.min=0&f.access=private,yes',
          'f.access=private&f.access=yes&f.level.min=00',
        ]) {
          const again = await get(url(same));
          expect(again.headers.etag, same).toBe(first.headers.etag);
          expect(again.body).toBe(first.body);
        }
        expect(read).toHaveBeenCalledTimes(1);
        // Another filter, no filter: packs of their own, with their own places.
        const other = await get(url('f.access=yes'));
        const unfiltered = await get(url(''));
        expect(new Set([first, other, unfiltered].map((answer) => answer.headers.etag)).size).toBe(3);
        expect(read).toHaveBeenCalledTimes(3);
        expect(idsOf(OfflinePack.parse(other.json()).places)).toEqual(named('aed public'));
        expect(idsOf(OfflinePack.parse(first.json()).places)).toEqual(named('aed public', 'aed private'));
      } finally {
        read.mockRestore();
      }
    });
  });

  describe('bounded work', () => {
    /** Boxes within AREA a hair apart: the same places, each a pack of its own. */
    const areaBox = (n: number) =>
      `/api/v1/offline-pack?bbox=${AREA.west},${AREA.south},${AREA.east},${AREA.north - n * 1e-4}`;

    it(`builds at most ${MAX_PACK_BUILDS} packs at once: one more is answered 503 server_busy with Retry-After, while the others complete`, async () => {
      let open: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      const places = t.app.placeRepository;
      const readPlaces = places.inIdOrderUpTo;
      // Each build waits here, after its first reads, until the gate opens.
      const read = vi.spyOn(places, 'inIdOrderUpTo').mockImplementation(async (...args) => {
        await gate;
        return readPlaces(...args);
      });
      try {
        const building = Array.from({ length: MAX_PACK_BUILDS }, (_, i) =>
          Promise.resolve(get(areaBox(i + 1))),
        );
        await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(MAX_PACK_BUILDS));

        const refused = await get(areaBox(MAX_PACK_BUILDS + 1));
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe(String(PACK_BUSY_RETRY_AFTER_S));
        expect(ErrorBody.parse(refused.json()).error).toMatchObject({
          code: 'server_busy',
          details: { retryAfterSeconds: PACK_BUSY_RETRY_AFTER_S },
        });
        // The area of a pack being built is not built a second time: the answer shares it.
        const sharing = Promise.resolve(get(areaBox(1)));
        open();
        const answers = await Promise.all([...building, sharing]);
        for (const answer of answers) {
          expect(answer.statusCode, answer.body).toBe(200);
          expect(OfflinePack.parse(answer.json()).places.map((place) => place.id)).toEqual(published);
        }
        expect(answers.at(-1)?.body).toBe(answers[0]?.body);
        expect(read).toHaveBeenCalledTimes(MAX_PACK_BUILDS);
        // With the builds done, the area refused is built.
        const later = await get(areaBox(MAX_PACK_BUILDS + 1));
        expect(later.statusCode).toBe(200);
        expect(OfflinePack.parse(later.json()).places.map((place) => place.id)).toEqual(published);
      } finally {
        open();
        read.mockRestore();
      }
    });

    it('hands a pack out again, unbuilt, while no place or category changed: an edit makes a new one', async () => {
      const url = areaBox(10);
      const read = vi.spyOn(t.app.placeRepository, 'inIdOrderUpTo');
      const send = (method: 'PATCH', path: string, payload: object) =>
        t.app.inject({
          method,
          url: path,
          remoteAddress: nextAddress(),
          headers: { ...moderator.headers, 'content-type': 'application/json' },
          payload,
        });
      try {
        const first = await get(url);
        expect(first.statusCode).toBe(200);
        const etag = first.headers.etag as string;
        expect(etag).toMatch(/^W\/".+"$/);
        // The same pack, its savedAt included, without reading the places again.
        const again = await get(url);
        expect(again.body).toBe(first.body);
        expect(again.headers.etag).toBe(etag);
        expect(read).toHaveBeenCalledTimes(1);
        // A client that kept it and asks with its ETag gets nothing to download.
        const kept = await get(url, { 'if-none-match': etag });
        expect(kept.statusCode).toBe(304);
        expect(kept.body).toBe('');
        expect(kept.headers.etag).toBe(etag);
        expect(read).toHaveBeenCalledTimes(1);

        // A moderator renames a place of the area.
        const place = Place.parse((await get(`/api/v1/places/${published[2]}`)).json());
        const edited = await send('PATCH', `/api/v1/places/${place.id}`, {
          version: place.version,
          name: { en: 'Renamed while saved' },
        });
        expect(edited.statusCode, edited.body).toBe(200);
        const afterEdit = await get(url, { 'if-none-match': etag });
        expect(afterEdit.statusCode).toBe(200);
        expect(afterEdit.headers.etag).not.toBe(etag);
        const renamed = OfflinePack.parse(afterEdit.json()).places.find((p) => p.id === place.id);
        expect(renamed?.name.en).toBe('Renamed while saved');
        expect(read).toHaveBeenCalledTimes(2);
        expect((await get(url)).headers.etag).toBe(afterEdit.headers.etag);

        // A category renamed: every pack holds the categories, so a new one again.
        const category = OfflinePack.parse(afterEdit.json()).categories[0] as { id: number; name: object };
        const recoloured = await send('PATCH', `/api/v1/categories/${category.id}`, {
          name: { ...category.name, en: 'Renamed category' },
        });
        expect(recoloured.statusCode, recoloured.body).toBe(200);
        const afterCategory = await get(url);
        expect(afterCategory.headers.etag).not.toBe(afterEdit.headers.etag);
        const categories = OfflinePack.parse(afterCategory.json()).categories;
        expect(categories.find((c) => c.id === category.id)?.name.en).toBe('Renamed category');
        expect(read).toHaveBeenCalledTimes(3);
      } finally {
        read.mockRestore();
      }
    });
  });

  it(`refuses a box of more than ${MAX_OFFLINE_PLACES} places before reading them, and packs one of exactly that many`, async () => {
    // A grid in the South Pacific, in one statement: every row a real place through the same
    // table, generated columns and indexes as any other.
    const grid = { west: -150, south: -40, east: -148, north: -38 };
    await t.database.query(
      `INSERT INTO places (name, primary_language, category_id, lat, lng, status, published_at)
       SELECT ('{"en":"Grid ' || n || '"}')::jsonb, 'en', $2::int, -39.99 + (n / 200) * 0.01,
              -149.99 + (n % 200) * 0.0095, 'published', now()
       FROM generate_series(0, $1::int - 1) AS n`,
      [MAX_OFFLINE_PLACES + 1, firstCategory.id],
    );
    const box = `bbox=${grid.west},${grid.south},${grid.east},${grid.north}`;
    const read = vi.spyOn(t.app.placeRepository, 'listInOrder');
    try {
      const refused = await get(`/api/v1/offline-pack?${box}`);
      expect(refused.statusCode).toBe(422);
      expect(ErrorBody.parse(refused.json()).error).toMatchObject({
        code: 'offline_area_too_large',
        details: { max: MAX_OFFLINE_PLACES },
      });
      // Refused on the bounded count alone: the places themselves were never read.
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }

    await t.database.query(
      `UPDATE places SET status = 'archived'
       WHERE id = (SELECT max(id) FROM places WHERE name->>'en' LIKE 'Grid %')`,
    );
    const full = await pack(box);
    expect(full.places).toHaveLength(MAX_OFFLINE_PLACES);
    const ids = full.places.map((place) => place.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});
