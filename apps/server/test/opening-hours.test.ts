import { HoursPreview, OwnPlace, Place } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, postJson, signedInUser } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startInstance, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

const HOURS = 'Mo-Fr 08:00-16:00; Sa 09:00-12:00; PH off';

describe.skipIf(!databaseAvailable)(`opening hours on places (${dbKind})`, () => {
  let t: TestApp;
  let author: User;
  let moderator: User;
  let categoryId: number;

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    const { rows } = await t.database.query<{ id: number }>(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('pharmacy', '{"en":"Pharmacy"}', '#15803d', 'map-pin')
       RETURNING id`,
    );
    categoryId = rows[0]?.id as number;
    author = await signedInUser(t.app);
    moderator = await signedInUser(t.app, 'moderator');
  });
  afterAll(async () => {
    await t?.close();
  });

  const propose = (openingHours: unknown) =>
    postJson(
      t.app,
      '/api/v1/places',
      { categoryId, name: { en: 'Hours pharmacy' }, lat: 45.81, lng: 15.98, openingHours },
      { headers: author.headers },
    );

  it('keeps hours that read, and answers with the place’s state now', async () => {
    const response = await propose(HOURS);
    expect(response.statusCode, response.body).toBe(201);
    const place = OwnPlace.parse(response.json());
    expect(place.openingHours).toBe(HOURS);
    expect(['open', 'closed']).toContain(place.openState.state);
    // The state is the library's at the answer's time, in Zagreb with Croatia's holidays.
    expect(place.openState.nextChange).not.toBeNull();
    expect(new Date(place.openState.nextChange ?? 0).getTime()).toBeGreaterThan(Date.now());

    // Published, every reader gets the same hours and state (the list and the place alike).
    const published = await postJson(
      t.app,
      `/api/v1/places/${place.id}/transition`,
      { to: 'published', version: place.version },
      { headers: moderator.headers },
    );
    expect(published.statusCode, published.body).toBe(200);
    const seen = Place.parse(
      (await t.app.inject({ method: 'GET', url: `/api/v1/places/${place.id}` })).json(),
    );
    expect(seen).toMatchObject({ openingHours: HOURS, openState: { state: place.openState.state } });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/places?near=45.81,15.98&radius=250',
      remoteAddress: nextAddress(),
    });
    expect(list.json().items[0]).toMatchObject({ id: place.id, openingHours: HOURS });

    // An edit changes them; an empty value removes them, and the state is unknown.
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/places/${place.id}`,
      headers: { 'content-type': 'application/json', ...moderator.headers },
      payload: { version: seen.version, openingHours: '' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      openingHours: null,
      openState: { state: 'unknown', nextChange: null, until: null, comment: null },
    });
  });

  it('reads hours in each app’s own TIME_ZONE, two apps running in one process', async () => {
    const id = await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      categoryId,
      lat: 45.81,
      lng: 15.98,
      openingHours: 'Mo-Su 09:00-17:00',
    });
    // Built after `t` (Zagreb), in New York: the settings travel as arguments, so neither app takes
    // the other's.
    const other = await startInstance(t, {
      config: { ...t.config, hours: { timeZone: 'America/New_York', country: 'us' } },
    });
    try {
      /** When the place's state next changes, as the wall-clock time in `timeZone`. */
      const nextChangeIn = async (app: TestApp['app'], timeZone: string) => {
        const place = Place.parse((await app.inject({ method: 'GET', url: `/api/v1/places/${id}` })).json());
        const next = new Date(place.openState.nextChange ?? Number.NaN);
        return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(
          next,
        );
      };
      for (const [app, timeZone] of [
        [t.app, 'Europe/Zagreb'],
        [other.app, 'America/New_York'],
        [t.app, 'Europe/Zagreb'],
      ] as const) {
        expect(['09:00', '17:00']).toContain(await nextChangeIn(app, timeZone));
      }
    } finally {
      await other.close();
    }
  });

  it('refuses hours opening_hours.js cannot read, saying where, and keeps nothing', async () => {
    const before = (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM places')).rows[0]
      ?.n;
    const response = await propose('Mo-Fr 25:00-26:00');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      expect.objectContaining({
        path: 'openingHours',
        code: 'invalid_opening_hours',
        message: expect.stringContaining('25:00 <---'),
      }),
    ]);
    expect((await propose('x'.repeat(256))).statusCode).toBe(400);
    const after = (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM places')).rows[0]?.n;
    expect(after).toBe(before);
  });

  it('exports hours as the OpenStreetMap key `opening_hours`, and imports them back, checked', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/v1/export.csv',
      remoteAddress: nextAddress(),
    });
    const [header] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    const columns = header?.split(',') ?? [];
    expect(columns).toContain('opening_hours');
    const geo = await t.app.inject({
      method: 'GET',
      url: '/api/v1/export.geojson',
      remoteAddress: nextAddress(),
    });
    expect(geo.json().features[0].properties).toHaveProperty('opening_hours');

    const importCsv = (hours: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/import?format=csv&dryRun=true',
        remoteAddress: nextAddress(),
        headers: { 'content-type': 'text/csv', ...moderator.headers },
        payload: `externalId,category,name_en,lat,lng,opening_hours\r\nh-1,pharmacy,Imported,45.8,16,"${hours}"\r\n`,
      });
    const good = await importCsv(HOURS);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ created: 1, refused: [] });
    const bad = await importCsv('Mo-Fr 08:00-');
    expect(bad.json().refused).toEqual([
      { row: 1, errors: [expect.objectContaining({ path: 'opening_hours', code: 'invalid_opening_hours' })] },
    ]);
  });

  it('previews what hours mean: the coming week in the site’s time, or the library’s error', async () => {
    const preview = async (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/opening-hours?${query}`, remoteAddress: nextAddress() });
    const week = await preview(`value=${encodeURIComponent(HOURS)}&lang=hr`);
    expect(week.statusCode, week.body).toBe(200);
    const body = HoursPreview.parse(week.json());
    expect(body).toMatchObject({ error: null, warnings: [] });
    expect(body.week).toHaveLength(7);
    // Today in Zagreb first, one day after another.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb' }).format(new Date());
    expect(body.week[0]?.date).toBe(today);
    expect(new Set(body.week.map((day) => day.date)).size).toBe(7);
    const broken = HoursPreview.parse((await preview('value=Mo-Fr%2025:00')).json());
    expect(broken).toMatchObject({ error: expect.stringMatching(/<---/), week: [] });
    expect((await preview('')).statusCode).toBe(400);
    expect((await preview(`value=${'x'.repeat(256)}`)).statusCode).toBe(400);
  });

  it('reads hours back into the weekly picker only when asked, and only when it can hold them', async () => {
    const read = async (value: string, picker = 'true') =>
      HoursPreview.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/opening-hours?value=${encodeURIComponent(value)}&picker=${picker}`,
            remoteAddress: nextAddress(),
          })
        ).json(),
      );
    const office = { from: '08:00', to: '16:00' };
    expect((await read(HOURS)).weekly).toEqual({
      days: [[office], [office], [office], [office], [office], [{ from: '09:00', to: '12:00' }], []],
      allDay: false,
      closedOnHolidays: true,
    });
    expect((await read(HOURS, 'false')).weekly).toBeUndefined();
    expect((await read('Mo-Fr 08:00-16:00; Jan off')).weekly).toBeNull();
    expect((await read('Mo-Fr 25:00')).weekly).toBeNull();
    const refused = await t.app.inject({ method: 'GET', url: `/api/v1/opening-hours?value=24/7&picker=yes` });
    expect(refused.statusCode).toBe(400);
  });
});
