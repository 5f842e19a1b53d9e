import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_BOUNDS, type ChangeFilters, publicChanges } from '../src/changes/public-changes.ts';
import { nextAddress, postJson, sessionHeader, sha256, signedInUser } from './support/auth.ts';
import { haversineM } from './support/geo.ts';
import { importInto } from './support/import-files.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

// Plain HTTP: the test's sessions use the cookie name of a site without HTTPS.
const SITE = 'http://karta.example.org';
const ATOM = 'http://www.w3.org/2005/Atom';

/** Zagreb's and Split's centres: two areas far apart, so a box or a circle holds one of them. */
const ZAGREB = { lat: 45.813, lng: 15.977 };
const SPLIT = { lat: 43.508, lng: 16.44 };
/** An exact position whose digits are easy to spot in any answer (a coarse place stands there). */
const HIDDEN = { lat: 45.8171234, lng: 15.9817654 };

interface AtomLink {
  '@_href': string;
  '@_rel'?: string;
}
interface AtomEntry {
  id: string;
  title: string | { '#text': string };
  updated: string;
  link: AtomLink[];
  summary?: string | { '#text': string };
}
interface AtomFeed {
  '@_xmlns': string;
  id: string;
  title: string;
  updated: string;
  author: { name: string };
  link: AtomLink[];
  entry?: AtomEntry[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (name) => name === 'entry' || name === 'link',
});

/** The feed element of an Atom document, after checking that the document is well-formed XML. */
function parseAtom(xml: string): AtomFeed {
  expect(XMLValidator.validate(xml)).toBe(true);
  const document = parser.parse(xml) as { feed?: AtomFeed };
  if (!document.feed) throw new Error(`Not an Atom feed: ${xml.slice(0, 200)}`);
  return document.feed;
}

const textOf = (value: string | { '#text': string } | undefined) =>
  typeof value === 'object' ? value['#text'] : (value ?? '');

/** An entry's place id, from its id (the place's page and the change). */
const placeOf = (entry: AtomEntry) => Number(/\/places\/(\d+)#change-/.exec(entry.id)?.[1]);

describe.skipIf(!databaseAvailable)(`the feeds (${dbKind})`, () => {
  let t: TestApp;
  let moderator: User;
  let author: User;
  let market: number;
  let pharmacy: number;

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, remoteAddress: nextAddress(), headers });
  const feed = async (query = '') => {
    const response = await get(`/api/v1/feeds/places.atom${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return parseAtom(response.body);
  };
  const entries = async (query = '') => (await feed(query)).entry ?? [];

  const propose = async (input: Record<string, unknown>, user: User = moderator) => {
    const response = await postJson(
      t.app,
      '/api/v1/places',
      { categoryId: market, name: { en: 'A place' }, ...ZAGREB, ...input },
      { headers: user.headers },
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; version: number };
  };
  const move = async (id: number, version: number, to: string, reason?: string) => {
    const response = await postJson(
      t.app,
      `/api/v1/places/${id}/transition`,
      { to, version, ...(reason ? { reason } : {}) },
      { headers: moderator.headers },
    );
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { version: number }).version;
  };
  const edit = async (
    id: number,
    version: number,
    patch: Record<string, unknown>,
    user: User = moderator,
  ) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/places/${id}`,
      remoteAddress: nextAddress(),
      headers: { 'content-type': 'application/json', ...user.headers },
      payload: { version, ...patch },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { version: number }).version;
  };
  /** A place published through the API: its proposal, then its publication. */
  const published = async (input: Record<string, unknown>) => {
    const place = await propose(input);
    return { id: place.id, version: await move(place.id, place.version, 'published') };
  };

  beforeAll(async () => {
    t = await startTestApp({ demo: false, env: { PUBLIC_URL: `${SITE}/` } });
    moderator = await signedInUser(t.app, 'moderator');
    author = await signedInUser(t.app);
    const { rows } = await t.database.query<{ id: number }>(
      `INSERT INTO categories (slug, name, color, icon) VALUES
         ('market', '{"en": "Market", "hr": "Tržnica"}', '#6d28d9', 'store'),
         ('pharmacy', '{"en": "Pharmacy", "hr": "Ljekarna"}', '#15803d', 'pill')
       RETURNING id`,
    );
    [market, pharmacy] = rows.map((row) => Number(row.id)) as [number, number];
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('the public feed of changes', () => {
    it('is Atom 1.0 with the feed’s id, title, author, updated time and self link, and entries linking to places', async () => {
      const place = await published({
        name: { en: 'Green market', hr: 'Zelena tržnica' },
        address: 'Ilica 1',
      });
      const response = await get('/api/v1/feeds/places.atom?category=market');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      expect(response.body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
      const atom = parseAtom(response.body);
      expect(atom['@_xmlns']).toBe(ATOM);
      const self = `${SITE}/api/v1/feeds/places.atom?category=market`;
      expect(atom.id).toBe(self);
      expect(atom.link).toEqual(
        expect.arrayContaining([
          { '@_rel': 'self', '@_href': self },
          { '@_rel': 'alternate', '@_href': `${SITE}/` },
        ]),
      );
      expect(atom.title).toBe('Karta: changes to places');
      expect(atom.author.name).toBe('Karta');
      const [first] = atom.entry ?? [];
      if (!first) throw new Error('No entry');
      expect(placeOf(first)).toBe(place.id);
      expect(first.link[0]?.['@_href']).toBe(`${SITE}/places/${place.id}`);
      expect(first.id).toMatch(new RegExp(`^${SITE}/places/${place.id}#change-\\d+$`));
      expect(textOf(first.title)).toBe('Green market: added');
      expect(textOf(first.summary)).toBe('Market · Ilica 1');
      expect(Number.isNaN(Date.parse(first.updated))).toBe(false);
      // The feed was updated when its newest entry was.
      expect(atom.updated).toBe(first.updated);
    });

    it('lists a place added, changed, archived and restored, newest first, never its time as a proposal', async () => {
      const proposal = await propose({ name: { en: 'Corner stall' }, lat: 45.001, lng: 15.001 }, author);
      // Edited by its author while pending, then published by a moderator.
      let version = await edit(proposal.id, proposal.version, { address: 'Pending street 1' }, author);
      const area = '?bbox=15,45,15.002,45.002';
      expect(await entries(area)).toEqual([]);
      version = await move(proposal.id, version, 'published');
      version = await edit(proposal.id, version, {
        name: { en: 'Corner stall' },
        address: 'Ilica 9',
        lat: 45.0011,
      });
      version = await move(proposal.id, version, 'archived');
      // An edit of the archived place is not public.
      version = await edit(proposal.id, version, { phone: '+385 1 234 5678' });
      await move(proposal.id, version, 'published');
      const listed = await entries(area);
      expect(listed.map((entry) => textOf(entry.title))).toEqual([
        'Corner stall: restored',
        'Corner stall: archived',
        'Corner stall: changed',
        'Corner stall: added',
      ]);
      expect(textOf(listed[2]?.summary)).toBe('Changed: address, position. Market · Ilica 9');
      const times = listed.map((entry) => Date.parse(entry.updated));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(new Set(listed.map((entry) => entry.id)).size).toBe(4);
    });

    it('shows a place archived since only by its name and category, linking to the map, until it is restored', async () => {
      const place = await published({
        name: { en: 'Shut kiosk' },
        address: 'Closed street 4',
        lat: 46.2,
        lng: 16.2,
      });
      const version = await move(place.id, place.version, 'archived');
      const area = '?bbox=16.19,46.19,16.21,46.21';
      const closed = await entries(area);
      expect(closed.map((entry) => textOf(entry.title))).toEqual([
        'Shut kiosk: archived',
        'Shut kiosk: added',
      ]);
      for (const entry of closed) {
        expect(textOf(entry.summary)).toBe('Market');
        // Its page is not open to visitors any more: the entry leads to the map instead, under the same id.
        expect(entry.link[0]?.['@_href']).toBe(`${SITE}/`);
        expect(entry.id).toMatch(new RegExp(`^${SITE}/places/${place.id}#change-\\d+$`));
      }
      expect((await get(`/api/v1/places/${place.id}`)).statusCode).toBe(404);
      await move(place.id, version, 'published');
      const reopened = await entries(area);
      expect(textOf(reopened.at(-1)?.summary)).toBe('Market · Closed street 4');
      expect(reopened.at(-1)?.link[0]?.['@_href']).toBe(`${SITE}/places/${place.id}`);
    });

    it('never lists a pending or rejected place', async () => {
      const pending = await propose({ name: { en: 'Secret proposal' }, lat: 44.5, lng: 14.5 }, author);
      await edit(pending.id, pending.version, { address: 'Hidden lane 2' }, author);
      const rejected = await propose({ name: { en: 'Rejected proposal' }, lat: 44.5001, lng: 14.5 }, author);
      await move(rejected.id, rejected.version, 'rejected', 'Not a real place');
      for (const query of ['', '?bbox=14.4,44.4,14.6,44.6', '?near=44.5,14.5&radius=1000']) {
        const response = await get(`/api/v1/feeds/places.atom${query}`);
        expect(response.body).not.toContain('Secret proposal');
        expect(response.body).not.toContain('Rejected proposal');
        expect(response.body).not.toContain(`/places/${pending.id}`);
        expect(response.body).not.toContain(`/places/${rejected.id}`);
      }
    });

    it('never gives a coarse place’s exact position (nor its address)', async () => {
      const place = await published({
        name: { en: 'Quiet shelter' },
        ...HIDDEN,
        locationPrivacy: '1km',
        address: 'Exact street 7',
        radius: 300,
      });
      const response = await get('/api/v1/feeds/places.atom?bbox=15.95,45.8,16,45.83');
      expect(response.body).toContain(`/places/${place.id}`);
      for (const digits of [String(HIDDEN.lat).slice(0, 7), String(HIDDEN.lng).slice(0, 7)]) {
        expect(response.body).not.toContain(digits);
      }
      expect(response.body).not.toContain('Exact street 7');
    });

    it('takes the place list’s filters: a box, categories, a circle and a spot covered', async () => {
      const zagrebMarket = await published({ name: { en: 'Zagreb market' }, ...ZAGREB, radius: 500 });
      const zagrebPharmacy = await published({
        name: { en: 'Zagreb pharmacy' },
        categoryId: pharmacy,
        lat: ZAGREB.lat + 0.01,
        lng: ZAGREB.lng,
      });
      const splitMarket = await published({ name: { en: 'Split market' }, ...SPLIT, radius: 2000 });
      const ids = async (query: string) => new Set((await entries(query)).map(placeOf));

      const zagreb = await ids('?bbox=15.9,45.75,16.1,45.9');
      expect(zagreb.has(zagrebMarket.id) && zagreb.has(zagrebPharmacy.id)).toBe(true);
      expect(zagreb.has(splitMarket.id)).toBe(false);

      const split = await ids('?bbox=16.3,43.4,16.6,43.6');
      expect([...split]).toEqual([splitMarket.id]);

      const pharmacies = await ids('?category=pharmacy');
      expect([...pharmacies]).toEqual([zagrebPharmacy.id]);
      const both = await ids('?category=pharmacy,market&bbox=15.9,45.75,16.1,45.9');
      expect(both.has(zagrebMarket.id) && both.has(zagrebPharmacy.id)).toBe(true);

      // 600 m from Zagreb's market, 1.7 km from its pharmacy.
      const point = { lat: ZAGREB.lat - 0.0054, lng: ZAGREB.lng };
      expect(haversineM(point, ZAGREB)).toBeLessThan(1000);
      expect(haversineM(point, { lat: ZAGREB.lat + 0.01, lng: ZAGREB.lng })).toBeGreaterThan(1000);
      const near = await ids(`?near=${point.lat},${point.lng}&radius=1000`);
      expect(near.has(zagrebMarket.id)).toBe(true);
      expect(near.has(zagrebPharmacy.id)).toBe(false);

      // Split's market serves 2 km around it; Zagreb's 500 m.
      const covered = await ids(`?covers=${SPLIT.lat + 0.01},${SPLIT.lng}`);
      expect([...covered]).toEqual([splitMarket.id]);
      expect((await ids(`?covers=${ZAGREB.lat + 0.01},${ZAGREB.lng}`)).has(zagrebMarket.id)).toBe(false);
    });

    it('refuses filters that do not go together, as the place list does (400)', async () => {
      const response = await get('/api/v1/feeds/places.atom?near=45.8,16');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'validation_error' } });
      expect((await get('/api/v1/feeds/places.atom?bbox=1,2,3')).statusCode).toBe(400);
    });

    it('answers 304 Not Modified to a reader that has the current feed, and may be kept by shared caches', async () => {
      const first = await get('/api/v1/feeds/places.atom?category=pharmacy');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=300');
      const again = await get('/api/v1/feeds/places.atom?category=pharmacy', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      // Another filter is another feed.
      const other = await get('/api/v1/feeds/places.atom?category=market', { 'if-none-match': etag });
      expect(other.statusCode).toBe(200);
      // A change makes a new document.
      await published({ name: { en: 'New pharmacy' }, categoryId: pharmacy, lat: 45.9, lng: 16.1 });
      const changed = await get('/api/v1/feeds/places.atom?category=pharmacy', { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(textOf(parseAtom(changed.body).entry?.[0]?.title)).toBe('New pharmacy: added');
    });

    it('holds the 50 newest changes at most, newest first', async () => {
      const rows = Array.from(
        { length: 60 },
        (_, i) => `bulk-${i},market,Bulk place ${i},${(-10 - i * 0.001).toFixed(3)},${(-20).toFixed(3)}`,
      );
      const csv = `externalId,category,name_en,lat,lng\n${rows.join('\n')}\n`;
      const imported = await importInto(t, moderator, 'csv', csv, { dryRun: false, status: 'published' });
      expect(imported.statusCode, imported.body).toBe(200);
      const listed = await entries('?bbox=-21,-11,-19,-10');
      expect(listed).toHaveLength(50);
      expect(listed.every((entry) => textOf(entry.title).endsWith(': added'))).toBe(true);
      // One import, one time: the newest first is the last one written.
      expect(textOf(listed[0]?.title)).toBe('Bulk place 59: added');
      expect((await entries()).length).toBe(50);
    });

    it('is written in the site’s default language', async () => {
      const hr = await startTestApp({ demo: false, env: { DEFAULT_LANGUAGE: 'hr' } });
      try {
        await hr.database.query(
          `INSERT INTO categories (slug, name, color, icon) VALUES ('market', '{"en": "Market", "hr": "Tržnica"}', '#6d28d9', 'store')`,
        );
        const admin = await signedInUser(hr.app, 'admin');
        const csv = 'externalId,category,name_en,name_hr,lat,lng\nx-1,market,Fish market,Ribarnica,45.8,16\n';
        expect(
          (await importInto(hr, admin, 'csv', csv, { dryRun: false, status: 'published' })).statusCode,
        ).toBe(200);
        const response = await hr.app.inject({ method: 'GET', url: '/api/v1/feeds/places.atom' });
        const atom = parseAtom(response.body);
        expect(atom.title).toBe('Karta: promjene mjesta');
        expect(textOf(atom.entry?.[0]?.title)).toBe('Ribarnica: dodano');
        expect(textOf(atom.entry?.[0]?.summary)).toBe('Tržnica');
        // Without PUBLIC_URL, links use the request's own origin.
        expect(atom.entry?.[0]?.link[0]?.['@_href']).toMatch(/^http:\/\/localhost(:\d+)?\/places\/\d+$/);
        // A Host no URL can hold is refused, not a failure.
        const badHost = await hr.app.inject({
          method: 'GET',
          url: '/api/v1/feeds/places.atom',
          headers: { host: 'bad host' },
        });
        expect(badHost.statusCode).toBe(400);
      } finally {
        await hr.close();
      }
    });

    it('writes names as text, never as markup', async () => {
      const name = '<b>Bold & ]]> shop</b>';
      const place = await published({ name: { en: name }, lat: -30, lng: -30 });
      const response = await get('/api/v1/feeds/places.atom?bbox=-31,-31,-29,-29');
      const [entry] = parseAtom(response.body).entry ?? [];
      expect(placeOf(entry as AtomEntry)).toBe(place.id);
      // type="html": the reader unescapes this once, to the name as it was typed.
      expect(textOf(entry?.title)).toBe('&lt;b&gt;Bold &amp; ]]&gt; shop&lt;/b&gt;: added');
      expect(response.body).not.toContain('<b>');
    });
  });

  describe('published changes, bounded (changes/public-changes.ts)', () => {
    interface HistoryRow {
      id: number;
      place_id: number;
      action: string;
      created_at: Date;
      published_at: Date | null;
      status: string;
    }

    /**
     * Every public change, newest first, by a rule written apart from the server's: each place's
     * history replayed in order, its status after each entry followed, and an entry public when
     * it publishes or archives, or when the place is published after it.
     */
    async function reference(filterIds: Set<number> | null, options: { since?: Date; newest?: number } = {}) {
      const { rows } = await t.database.query<HistoryRow>(
        `SELECT h.id, h.place_id, h.action, h.created_at, p.published_at, p.status
         FROM place_history h JOIN places p ON p.id = h.place_id ORDER BY h.id`,
      );
      const state = new Map<number, string>();
      const publicIds = new Set<number>();
      for (const row of rows) {
        const before = state.get(row.place_id);
        let after = before ?? 'published';
        if (row.action === 'created') {
          after =
            row.published_at && row.published_at.getTime() <= row.created_at.getTime()
              ? 'published'
              : 'pending';
        } else if (row.action === 'resubmitted') after = 'pending';
        else if (row.action !== 'edited') after = row.action;
        state.set(row.place_id, after);
        const isPublic =
          ['published', 'archived'].includes(row.action) ||
          (after === 'published' && row.action !== 'rejected');
        if (isPublic && ['published', 'archived'].includes(row.status)) publicIds.add(row.id);
      }
      const newestFirst = [...rows].sort(
        (a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id,
      );
      // PostgreSQL keeps microseconds; equal milliseconds are ordered by id, as the walk is when ties.
      const window = newestFirst.slice(0, options.newest ?? newestFirst.length);
      return window
        .filter((row) => publicIds.has(row.id))
        .filter((row) => !filterIds || filterIds.has(row.place_id))
        .filter((row) => !options.since || row.created_at.getTime() >= (options.since?.getTime() ?? 0))
        .map((row) => row.id);
    }

    /** The ids of the published and archived places that `filters` match, by the place list. */
    async function matching(filters: ChangeFilters): Promise<Set<number>> {
      const ids = new Set<number>();
      for (const status of ['published', 'archived']) {
        const { rows } = await t.database.query<{ id: number }>(
          `SELECT id FROM places WHERE status = $1 AND ${filters.categories ? 'category_id = $2' : 'TRUE'}`,
          filters.categories ? [status, market] : [status],
        );
        for (const row of rows) ids.add(Number(row.id));
      }
      return ids;
    }

    it('gives the same answer by the walk, place by place, and the long walk, as the history replayed', async () => {
      // Busy history: a place changed many times among others, and places written straight into
      // the table without history (seeded), edited later.
      const seeded = await insertPlace(t.database, { status: 'published', authorId: null, lat: 1, lng: 1 });
      const seededVersion = await edit(seeded, 1, { address: 'Seeded 1' });
      const busy = await published({ name: { en: 'Busy' }, lat: 1.001, lng: 1.001 });
      let version = busy.version;
      for (let i = 0; i < 6; i += 1) version = await edit(busy.id, version, { address: `Busy ${i}` });
      await edit(seeded, seededVersion, { address: 'Seeded 2' });

      const everywhere = await matching({});
      const markets = await matching({ categories: ['market'] });
      const cases: { filters: ChangeFilters; ids: Set<number> }[] = [
        { filters: {}, ids: everywhere },
        { filters: { categories: ['market'] }, ids: markets },
      ];
      const all = await reference(null);
      expect(all.length).toBeGreaterThan(60);
      for (const { filters, ids } of cases) {
        for (const limit of [1, 7, 50, 500]) {
          const expected = (await reference(ids)).slice(0, limit);
          // The first walk alone, place by place, and the walk on (the area is "too large").
          const ways = [
            CHANGE_BOUNDS,
            { FIRST_WALK_ROWS: 3, AREA_PLACES: 10_000, WALK_ROWS: 100_000 },
            { FIRST_WALK_ROWS: 3, AREA_PLACES: 2, WALK_ROWS: 100_000 },
          ];
          for (const bounds of ways) {
            const got = await publicChanges(t.database, filters, { limit }, bounds);
            expect(
              got.map((change) => change.id),
              `${JSON.stringify(filters)} limit ${limit} ${JSON.stringify(bounds)}`,
            ).toEqual(expected);
          }
        }
      }
    });

    it('walks no further than its bound when the area is large and its changes old', async () => {
      const everywhere = await matching({});
      const bounds = { FIRST_WALK_ROWS: 5, AREA_PLACES: 2, WALK_ROWS: 30 };
      const got = await publicChanges(t.database, {}, { limit: 500 }, bounds);
      expect(got.map((change) => change.id)).toEqual(await reference(everywhere, { newest: 30 }));
    });

    it('reads a small area place by place, whenever its changes happened', async () => {
      // The newest entries are elsewhere: a walk of 5 finds nothing in this box.
      const bounds = { FIRST_WALK_ROWS: 5, AREA_PLACES: 50, WALK_ROWS: 5 };
      const filters: ChangeFilters = { bbox: { west: 15, south: 45, east: 15.002, north: 45.002 } };
      const got = await publicChanges(t.database, filters, {}, bounds);
      expect(got.map((change) => change.kind)).toEqual(['restored', 'archived', 'changed', 'added']);
    });

    it('keeps only the changes since a time', async () => {
      const { rows } = await t.database.query<{ created_at: Date }>(
        'SELECT created_at FROM place_history ORDER BY created_at DESC, id DESC OFFSET 20 LIMIT 1',
      );
      const since = rows[0]?.created_at as Date;
      const everywhere = await matching({});
      const expected = await reference(everywhere, { since });
      for (const bounds of [CHANGE_BOUNDS, { FIRST_WALK_ROWS: 2, AREA_PLACES: 1, WALK_ROWS: 1000 }]) {
        const got = await publicChanges(t.database, {}, { since, limit: 500 }, bounds);
        expect(got.map((change) => change.id)).toEqual(expected);
      }
    });
  });

  describe('the private feed of the review queue', () => {
    const createToken = (user: User) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/feeds/review-token',
        remoteAddress: nextAddress(),
        headers: user.headers,
      });
    const revoke = (user: User) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/v1/feeds/review-token',
        remoteAddress: nextAddress(),
        headers: user.headers,
      });
    const feedAt = (url: string) => get(url.replace(SITE, ''));

    it('lists pending proposals and open reports newest first, by a URL with a token of its own', async () => {
      const reviewer = await signedInUser(t.app, 'moderator');
      const proposal = await propose({ name: { en: 'Waiting stall' }, lat: 10, lng: 10 }, author);
      const target = await published({ name: { en: 'Reported kiosk' }, lat: 10.1, lng: 10.1 });
      const flagged = await postJson(t.app, `/api/v1/places/${target.id}/flags`, { reason: 'duplicate' });
      expect(flagged.statusCode).toBe(201);

      const created = await createToken(reviewer);
      expect(created.statusCode).toBe(201);
      expect(created.headers['cache-control']).toBe('no-store');
      const { url } = created.json() as { url: string };
      const token = new URL(url).searchParams.get('token') ?? '';
      expect(url).toBe(`${SITE}/api/v1/feeds/review.atom?token=${token}`);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const response = await feedAt(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      const atom = parseAtom(response.body);
      expect(atom.title).toBe('Karta: review queue');
      expect(atom.id).toBe(`${SITE}/api/v1/feeds/review.atom`);
      const titles = (atom.entry ?? []).map((entry) => textOf(entry.title));
      expect(titles[0]).toBe('Report on Reported kiosk: duplicate');
      expect(titles).toContain('New proposal: Waiting stall');
      expect(titles).toContain('New proposal: Secret proposal');
      expect(titles).not.toContain('New proposal: Rejected proposal');
      expect((atom.entry ?? []).length).toBeLessThanOrEqual(50);
      const entry = (atom.entry ?? []).find((item) => textOf(item.title) === 'New proposal: Waiting stall');
      expect(entry?.link[0]?.['@_href']).toBe(`${SITE}/places/${proposal.id}`);
      // Only its hash is kept.
      const { rows } = await t.database.query<{ token_hash: string }>(
        'SELECT token_hash FROM review_feed_tokens WHERE user_id = $1',
        [reviewer.id],
      );
      expect(rows).toEqual([{ token_hash: sha256(token) }]);
      const dump = await t.database.query<{ row: string }>('SELECT r::text AS row FROM review_feed_tokens r');
      expect(dump.rows.some((row) => row.row.includes(token))).toBe(false);
    });

    it('stops working when replaced or revoked (404, as for a token that never was)', async () => {
      const reviewer = await signedInUser(t.app, 'admin');
      const first = (await createToken(reviewer)).json() as { url: string };
      expect((await feedAt(first.url)).statusCode).toBe(200);
      const second = (await createToken(reviewer)).json() as { url: string };
      expect(second.url).not.toBe(first.url);
      const old = await feedAt(first.url);
      expect(old.statusCode).toBe(404);
      expect(old.json()).toMatchObject({ error: { code: 'not_found' } });
      expect((await feedAt(second.url)).statusCode).toBe(200);
      expect((await revoke(reviewer)).statusCode).toBe(204);
      expect((await feedAt(second.url)).statusCode).toBe(404);
      // Revoking again is fine.
      expect((await revoke(reviewer)).statusCode).toBe(204);
      for (const token of ['', 'x', 'A'.repeat(43), `${'A'.repeat(42)}!`]) {
        expect((await get(`/api/v1/feeds/review.atom?token=${encodeURIComponent(token)}`)).statusCode).toBe(
          404,
        );
      }
      expect((await get('/api/v1/feeds/review.atom')).statusCode).toBe(400);
    });

    it('is only for moderators: a contributor may not make one (403), a visitor must sign in (401)', async () => {
      const contributor = await signedInUser(t.app);
      expect((await createToken(contributor)).statusCode).toBe(403);
      expect((await revoke(contributor)).statusCode).toBe(403);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/v1/feeds/review-token',
        remoteAddress: nextAddress(),
      });
      expect(anonymous.statusCode).toBe(401);
      const { rows } = await t.database.query('SELECT 1 FROM review_feed_tokens WHERE user_id = $1', [
        contributor.id,
      ]);
      expect(rows).toEqual([]);
    });

    it('closes for good when its moderator stops moderating or is disabled', async () => {
      const demoted = await signedInUser(t.app, 'moderator');
      const disabled = await signedInUser(t.app, 'moderator');
      const urls = await Promise.all(
        [demoted, disabled].map(async (user) => ((await createToken(user)).json() as { url: string }).url),
      );
      for (const url of urls) expect((await feedAt(url)).statusCode).toBe(200);
      await t.app.accounts.updateUser(demoted.id, { role: 'contributor' });
      await t.app.accounts.updateUser(disabled.id, { disabled: true });
      for (const url of urls) expect((await feedAt(url)).statusCode).toBe(404);
      // Made a moderator again, the old URL stays closed.
      await t.app.accounts.updateUser(demoted.id, { role: 'moderator' });
      expect((await feedAt(urls[0] as string)).statusCode).toBe(404);
    });

    it('keeps the session cookie out of it: the feed URL alone opens it', async () => {
      const reviewer = await signedInUser(t.app, 'moderator');
      const { url } = (await createToken(reviewer)).json() as { url: string };
      const token = new URL(url).searchParams.get('token') ?? '';
      // The token is not a session.
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: sessionHeader(token) });
      expect(me.json()).toBeNull();
    });
  });
});
