import { PlaceList } from '@karta/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { KeptByPlace } from '../src/places/kept-by-place.ts';
import { keptPage } from '../src/places/kept-page.ts';
import type { KeptListItem } from '../src/places/place-row.ts';
import { keptHitsById } from '../src/places/rows-by-id.ts';
import { nextAddress, signedInUser } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** Near me around the fixtures (insertPlace puts them just north-east of 45.81, 15.97). */
const NEAR = 'near=45.81,15.97&radius=5000&limit=100';
const SEARCH = 'q=fontana&near=45.81,15.97&radius=5000&limit=100';

describe('KeptByPlace', () => {
  type Named = { name: string };
  /** The places `kept` had to read (the others it had kept), and the values it gave. */
  const take = async (kept: KeptByPlace<Named>, ids: number[], names: Record<number, string> = {}) => {
    const asked: number[] = [];
    const found = await kept.through(ids, async (missing) => {
      asked.push(...missing);
      return missing.map((id) => [id, { name: names[id] ?? `read ${id}` }] as [number, Named]);
    });
    return { asked, found: Object.fromEntries([...found].map(([id, { name }]) => [id, name])) };
  };

  it('keeps what was read since the last forgetting began, and forgets places or all of them', async () => {
    const kept = new KeptByPlace<Named>();
    expect(await take(kept, [1, 2], { 1: 'a', 2: 'b' })).toEqual({
      asked: [1, 2],
      found: { 1: 'a', 2: 'b' },
    });
    expect(await take(kept, [1])).toEqual({ asked: [], found: { 1: 'a' } });
    // Read before place 2 changed, kept after it was forgotten: that would be outdated for good.
    await kept.through([2, 3], async () => {
      kept.forget([2]);
      return [[2, { name: 'old b' }]];
    });
    expect(await take(kept, [1, 2], { 2: 'new b' })).toEqual({ asked: [2], found: { 1: 'a', 2: 'new b' } });
    expect(await take(kept, [2])).toEqual({ asked: [], found: { 2: 'new b' } });
    kept.forget('all');
    expect(kept.size).toBe(0);
  });

  it('reads again a value it may not use, and one past its greatest age', async () => {
    const kept = new KeptByPlace<Named>({ maxAgeMs: 20 });
    await take(kept, [1], { 1: 'a' });
    expect(
      (
        await kept.through(
          [1],
          async () => [],
          ({ name }) => name !== 'a',
        )
      ).size,
    ).toBe(0);
    expect((await take(kept, [1])).asked).toEqual([]);
    await new Promise((done) => setTimeout(done, 40));
    expect((await take(kept, [1])).asked).toEqual([1]);
  });
});

describe.skipIf(!databaseAvailable)(`lists of published places kept in memory (${dbKind})`, () => {
  let t: TestApp;
  let categoryId: number;
  let moderator: User;

  const list = async (query: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/places?${query}`,
      remoteAddress: nextAddress(),
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return PlaceList.parse(response.json()).items;
  };
  const itemOf = async (query: string, id: number, headers: Record<string, string> = {}) =>
    (await list(query, headers)).find((item) => item.id === id);
  /** The statements the database was asked while `read` ran. */
  const statementsOf = async (read: () => Promise<unknown>) => {
    const query = vi.spyOn(t.database, 'query');
    await read();
    const asked = query.mock.calls.map(([sql]) => sql);
    query.mockRestore();
    return asked;
  };
  const newPlace = (options: Partial<Parameters<typeof insertPlace>[1]> = {}) =>
    insertPlace(t.database, { status: 'published', authorId: null, categoryId, ...options });
  const publishNote = async (placeId: number, text: string, endsInMs = 3_600_000) => {
    const { rows } = await t.database.query<{ id: number }>(
      `INSERT INTO place_notes (place_id, kind, text, language, effect, state, text_key, expires_at)
       VALUES ($1, 'status', $2, 'en', 'limited', 'published', $2, now() + make_interval(secs => $3))
       RETURNING id`,
      [placeId, text, endsInMs / 1000],
    );
    return rows[0]?.id as number;
  };

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    const { rows } = await t.database.query<{ id: number }>(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('water', '{"en": "Water"}', '#0369a1', 'drop') RETURNING id`,
    );
    categoryId = rows[0]?.id ?? 0;
    moderator = await signedInUser(t.app, 'moderator');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('works out open now and stale again at each read of a kept item, as the clock moves', async () => {
    const place = await newPlace({ name: 'Fontana s radnim vremenom', openingHours: 'Mo-Su 08:00-12:00' });
    const settings = { hours: { ...t.config.hours, timeZone: 'UTC' }, staleAfterDays: 365 };
    const kept = new KeptByPlace<KeptListItem>();
    /** The place's item as the page's items give it, and as its JSON text writes it. */
    const read = async () => {
      const hits = await keptHitsById(t.database, settings, [{ id: place, distance: 12.34 }], kept);
      const page = keptPage(hits, settings, { total: 1, totalIsLowerBound: false, next: null });
      const written = PlaceList.parse(JSON.parse(page.kept.json(() => undefined).toString()));
      expect(written.items).toEqual(page.items);
      return page.items[0];
    };
    // A Monday morning a week after it was confirmed (now, by the insert): open, fresh.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-07T09:00:00Z') });
    const first = await read();
    expect(first).toMatchObject({ id: place, distance: 12.3, stale: false, openState: { state: 'open' } });
    // The afternoon of a year later: closed, stale, and still from memory.
    vi.setSystemTime(new Date('2027-12-06T13:00:00Z'));
    let later: Awaited<ReturnType<typeof read>>;
    const asked = await statementsOf(async () => {
      later = await read();
    });
    expect(asked).toEqual([]);
    expect(later).toMatchObject({ id: place, distance: 12.3, stale: true, openState: { state: 'closed' } });
    expect({ ...later, stale: false, openState: first?.openState }).toEqual(first);
  });

  it('answers a visitor’s list read again from memory, asking the database at most whether the change log moved', async () => {
    const place = await newPlace({ name: 'Fontana kod škole' });
    const first = await list(NEAR);
    expect(first.map((item) => item.id)).toContain(place);
    for (const query of [NEAR, SEARCH]) {
      await list(query);
      let again: unknown;
      const asked = await statementsOf(async () => {
        again = await list(query);
      });
      expect(again).toEqual(await list(query));
      // The change log at most (not even that while the map index's watch says nothing changed,
      // see change-watch.test.ts).
      for (const sql of asked) expect(sql, query).toMatch(/place_changes/);
    }
  });

  it('writes a visitor’s page from memory exactly as a signed-in reader’s page is checked and written', async () => {
    await newPlace({ name: 'Fontana "u dvorištu"', description: { en: 'Behind the gate\nby the \\ wall' } });
    const withHours = await newPlace({ name: 'Fontana na tržnici', openingHours: 'Mo-Sa 07:00-14:00' });
    await newPlace({ name: { hr: 'Fontana kraj mosta', en: 'Fountain by the bridge' }, radius: 300 });
    await newPlace({ name: 'Fontana od 1 km', privacy: '1km' });
    await publishNote(withHours, 'Tap is slow');
    const reader = await signedInUser(t.app);
    const answers = async (query: string) => {
      const [visitor, signedIn] = await Promise.all(
        [{}, reader.headers].map((headers) =>
          t.app.inject({
            method: 'GET',
            url: `/api/v1/places?${query}`,
            remoteAddress: nextAddress(),
            headers,
          }),
        ),
      );
      return { visitor: visitor?.json(), signedIn: signedIn?.json() };
    };
    // Twice: the first read keeps what it read, the second is written from it alone.
    for (const query of [NEAR, SEARCH, `${NEAR.replace('limit=100', 'limit=2')}`, 'q=fountain&limit=3']) {
      for (const round of [1, 2]) {
        const { visitor, signedIn } = await answers(query);
        expect(visitor.items.length, `${query} (${round})`).toBeGreaterThan(0);
        // The same members, no more (the contract's check leaves out unknown ones), the same values.
        expect(visitor, `${query} (${round})`).toStrictEqual(PlaceList.parse(visitor));
        expect(visitor, `${query} (${round})`).toStrictEqual(signedIn);
      }
    }
  });

  it('shows a change of a place, made anywhere, in the next list', async () => {
    const place = await newPlace({ name: 'Fontana na uglu' });
    expect((await itemOf(NEAR, place))?.name).toEqual({ en: 'Fontana na uglu' });
    // Straight in the database, as another instance or a script would.
    await t.database.query(`UPDATE places SET name = '{"en": "Fontana na trgu"}' WHERE id = $1`, [place]);
    expect((await itemOf(NEAR, place))?.name).toEqual({ en: 'Fontana na trgu' });
    expect((await itemOf(SEARCH, place))?.name).toEqual({ en: 'Fontana na trgu' });
    await t.database.query(`UPDATE places SET status = 'archived' WHERE id = $1`, [place]);
    expect(await itemOf(NEAR, place)).toBeUndefined();
  });

  it('shows a status note published, changed or hidden in the next list, and drops it when it ends', async () => {
    const place = await newPlace({ name: 'Fontana u parku' });
    expect((await itemOf(NEAR, place))?.statusNote).toBeNull();
    const note = await publishNote(place, 'No water today');
    expect((await itemOf(NEAR, place))?.statusNote).toMatchObject({ id: note, text: 'No water today' });
    await t.database.query(`UPDATE place_notes SET text = 'Water again at noon' WHERE id = $1`, [note]);
    expect((await itemOf(NEAR, place))?.statusNote).toMatchObject({ id: note, text: 'Water again at noon' });
    await t.database.query(`UPDATE place_notes SET state = 'hidden' WHERE id = $1`, [note]);
    expect((await itemOf(NEAR, place))?.statusNote).toBeNull();

    // An end reached by the clock alone: nothing is written, nothing logged.
    const short = await publishNote(place, 'Queue today', 1_500);
    expect((await itemOf(NEAR, place))?.statusNote).toMatchObject({ id: short });
    await new Promise((done) => setTimeout(done, 1_600));
    expect((await itemOf(NEAR, place))?.statusNote).toBeNull();
  });

  it('gives the author their own exact position and a visitor the public one, whoever asked first', async () => {
    const author = await signedInUser(t.app);
    const lat = 45.8123456;
    const place = await newPlace({
      name: 'Skrovište',
      authorId: author.id,
      privacy: '1km',
      lat,
      lng: 15.9712345,
    });
    const seen = await itemOf(NEAR, place);
    expect(seen?.lat).not.toBe(lat);
    expect((await itemOf(NEAR, place, author.headers))?.lat).toBe(lat);
    expect((await itemOf(NEAR, place))?.lat).toBe(seen?.lat);
    expect((await itemOf(NEAR, place, moderator.headers))?.lat).toBe(lat);
  });
});
