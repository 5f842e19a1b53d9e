import { MapResponse, PlaceList, type PlaceListItem } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, postJson, signedInUser } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** Hours of the fixture places (named by what they are). */
const WEEKDAYS = 'Mo-Fr 08:00-16:00; PH off';
const SATURDAY_MORNING = 'Sa 09:00-12:00';
const ALWAYS = '24/7';
const NEVER = 'off';
const DAYLIGHT = 'sunrise-sunset';

/** Instants in Zagreb (CET in November and December). */
const WEDNESDAY_10 = '2026-11-25T10:00:00+01:00';
const WEDNESDAY_23 = '2026-11-25T23:00:00+01:00';
const SATURDAY_10 = '2026-11-28T10:00:00+01:00';
/** Christmas, a Friday: a public holiday in Croatia. */
const CHRISTMAS_10 = '2026-12-25T10:00:00+01:00';
/** 10:00 in Zagreb, asked in UTC: the same instant. */
const WEDNESDAY_10_UTC = '2026-11-25T09:00:00Z';

/** Around the fixtures: far from anything else the test writes. */
const SPOT = { lat: 45.5, lng: 16.5 };

describe.skipIf(!databaseAvailable)(`openNow and openAt on every read path (${dbKind})`, () => {
  let t: TestApp;
  let moderator: User;
  let pharmacy: number;
  let library: number;
  /** Published fixtures by their hours (null: none). */
  const ids = new Map<string | null, number>();
  let pendingAlways: number;

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url, headers, remoteAddress: nextAddress() });
    return response;
  };
  const list = async (query: string, headers?: Record<string, string>) => {
    const response = await get(`/api/v1/places?${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return PlaceList.parse(response.json());
  };
  const listIds = async (query: string, headers?: Record<string, string>) =>
    (await list(query, headers)).items.map((place) => place.id).sort((a, b) => a - b);
  const idsOf = (...hours: (string | null)[]) =>
    hours.map((value) => ids.get(value) as number).sort((a, b) => a - b);
  const around = `near=${SPOT.lat},${SPOT.lng}&radius=5000`;
  const near = `${around}&limit=100`;

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    const { rows } = await t.database.query<{ id: number; slug: string }>(
      `INSERT INTO categories (slug, name, color, icon) VALUES
         ('pharmacy', '{"en":"Pharmacy"}', '#15803d', 'map-pin'), ('library', '{"en":"Library"}', '#1d4ed8', 'book')
       RETURNING id, slug`,
    );
    pharmacy = rows.find((row) => row.slug === 'pharmacy')?.id as number;
    library = rows.find((row) => row.slug === 'library')?.id as number;
    moderator = await signedInUser(t.app, 'moderator');
    const hours = [WEEKDAYS, SATURDAY_MORNING, ALWAYS, NEVER, DAYLIGHT, null];
    for (const [i, openingHours] of hours.entries()) {
      const id = await insertPlace(t.database, {
        status: 'published',
        authorId: null,
        // The weekday place is the one library: a category filter combines with the hours.
        categoryId: openingHours === WEEKDAYS ? library : pharmacy,
        lat: SPOT.lat + i * 0.001,
        lng: SPOT.lng + i * 0.001,
        name: `Corner ${openingHours ?? 'unknown'}`,
        openingHours: openingHours ?? undefined,
        // Each serves 2 km around it, so `covers` finds them all.
        radius: 2000,
      });
      ids.set(openingHours, id);
    }
    pendingAlways = await insertPlace(t.database, {
      status: 'pending',
      authorId: moderator.id,
      categoryId: pharmacy,
      lat: SPOT.lat - 0.001,
      lng: SPOT.lng,
      openingHours: ALWAYS,
      name: 'Corner pending',
    });
    await t.mapIndex.catchUp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a list keeps only the places open at the asked instant, in the site’s time zone with its holidays', async () => {
    expect(await listIds(`${near}&openAt=${encodeURIComponent(WEDNESDAY_10)}`)).toEqual(
      idsOf(WEEKDAYS, ALWAYS, DAYLIGHT),
    );
    // The same instant asked in UTC.
    expect(await listIds(`${near}&openAt=${encodeURIComponent(WEDNESDAY_10_UTC)}`)).toEqual(
      idsOf(WEEKDAYS, ALWAYS, DAYLIGHT),
    );
    expect(await listIds(`${near}&openAt=${encodeURIComponent(SATURDAY_10)}`)).toEqual(
      idsOf(SATURDAY_MORNING, ALWAYS, DAYLIGHT),
    );
    // `PH off`: the weekday place is closed on Christmas, a Friday.
    expect(await listIds(`${near}&openAt=${encodeURIComponent(CHRISTMAS_10)}`)).toEqual(
      idsOf(ALWAYS, DAYLIGHT),
    );
    // After dark only the place open around the clock.
    expect(await listIds(`${near}&openAt=${encodeURIComponent(WEDNESDAY_23)}`)).toEqual(idsOf(ALWAYS));
  });

  it('combines with every other filter: box, covers, search, category, and pages by cursor', async () => {
    const at = `openAt=${encodeURIComponent(WEDNESDAY_10)}`;
    const bbox = `bbox=${SPOT.lng - 0.01},${SPOT.lat - 0.01},${SPOT.lng + 0.01},${SPOT.lat + 0.01}`;
    expect(await listIds(`${bbox}&${at}`)).toEqual(idsOf(WEEKDAYS, ALWAYS, DAYLIGHT));
    expect(await listIds(`covers=${SPOT.lat},${SPOT.lng}&${at}`)).toEqual(idsOf(WEEKDAYS, ALWAYS, DAYLIGHT));
    expect(await listIds(`q=corner&${near}&${at}`)).toEqual(idsOf(WEEKDAYS, ALWAYS, DAYLIGHT));
    expect(await listIds(`${near}&${at}&category=pharmacy`)).toEqual(idsOf(ALWAYS, DAYLIGHT));
    expect(await listIds(`${near}&${at}&category=library`)).toEqual(idsOf(WEEKDAYS));

    // One place a page: the cursor walks exactly the open places, nearest first, and counts them.
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: PlaceList = await list(
        `${around}&${at}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.total).toBe(3);
      seen.push(...page.items.map((place) => place.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(idsOf(WEEKDAYS, ALWAYS, DAYLIGHT));
  });

  it('exports only the open places, in both formats', async () => {
    const at = `openAt=${encodeURIComponent(SATURDAY_10)}&${near}`;
    const geojson = await get(`/api/v1/export.geojson?${at}`);
    expect(geojson.statusCode, geojson.body).toBe(200);
    const exported = (geojson.json() as { features: { properties: { opening_hours: string } }[] }).features
      .map((feature) => feature.properties.opening_hours)
      .sort();
    expect(exported).toEqual([SATURDAY_MORNING, ALWAYS, DAYLIGHT].sort());
    const csv = await get(`/api/v1/export.csv?${at}`);
    expect(csv.statusCode, csv.body).toBe(200);
    // A header and one row a place.
    expect(csv.body.trim().split('\n')).toHaveLength(4);
    expect(csv.body).toContain(SATURDAY_MORNING);
    expect(csv.body).not.toContain(WEEKDAYS);
  });

  it('openNow keeps exactly the places whose state now is open', async () => {
    const all = (await list(near)).items;
    const openNow = all
      .filter((place: PlaceListItem) => place.openState.state === 'open')
      .map((place) => place.id);
    const filtered = await listIds(`${near}&openNow=true`);
    expect(filtered).toEqual(openNow.sort((a, b) => a - b));
    // Around the clock is always among them; never, and none, never are.
    expect(filtered).toContain(ids.get(ALWAYS));
    expect(filtered).not.toContain(ids.get(NEVER));
    expect(filtered).not.toContain(ids.get(null));
  });

  it('the map draws and counts only the places open now, with the category filter too', async () => {
    const bbox = `${SPOT.lng - 0.05},${SPOT.lat - 0.05},${SPOT.lng + 0.05},${SPOT.lat + 0.05}`;
    const drawn = async (extra: string) => {
      const response = await get(`/api/v1/map?bbox=${bbox}&zoom=10${extra}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = MapResponse.parse(response.json());
      return body.places.length + body.clusters.reduce((sum, cluster) => sum + cluster.count, 0);
    };
    const openNow = await listIds(`${near}&openNow=true`);
    expect(await drawn('')).toBe(6);
    expect(await drawn('&openNow=true')).toBe(openNow.length);
    const openPharmacies = await listIds(`${near}&openNow=true&category=pharmacy`);
    expect(await drawn('&openNow=true&category=pharmacy')).toBe(openPharmacies.length);

    // At zoom 18 each is a marker: the open ones are exactly the list's.
    const close = `${SPOT.lng - 0.002},${SPOT.lat - 0.002},${SPOT.lng + 0.006},${SPOT.lat + 0.006}`;
    const response = await get(`/api/v1/map?bbox=${close}&zoom=18&openNow=true`);
    const markers = MapResponse.parse(response.json()).places.map((place) => place.id);
    expect(markers.sort((a, b) => a - b)).toEqual(openNow);
  });

  it('sees hours first written after the server started, and places a moderator may see', async () => {
    const response = await postJson(
      t.app,
      '/api/v1/places',
      {
        categoryId: pharmacy,
        name: { en: 'Corner late' },
        lat: SPOT.lat + 0.0005,
        lng: SPOT.lng,
        openingHours: 'We 22:00-24:00',
      },
      { headers: moderator.headers },
    );
    expect(response.statusCode, response.body).toBe(201);
    const late = response.json().id as number;
    const at = `openAt=${encodeURIComponent(WEDNESDAY_23)}&${near}`;
    // Pending: not for visitors; the moderator's list of pending places has it and the other one.
    expect(await listIds(at)).toEqual(idsOf(ALWAYS));
    expect(await listIds(`${at}&status=pending`, moderator.headers)).toEqual(
      [late, pendingAlways].sort((a, b) => a - b),
    );
  });

  it('hours that follow the sun are read at the place’s own spot', async () => {
    const { rows } = await t.database.query<{ hours_key: string }>(
      'SELECT hours_key FROM places WHERE id = $1',
      [ids.get(DAYLIGHT)],
    );
    // The tenth of a degree the public position lies in.
    expect(rows[0]?.hours_key).toBe(`${DAYLIGHT}|455|165`);
    // Sunrise in Zagreb in late November is about 07:15: closed at 07:00, open at 07:30.
    expect(await listIds(`${near}&openAt=${encodeURIComponent('2026-11-25T07:00:00+01:00')}`)).not.toContain(
      ids.get(DAYLIGHT),
    );
    expect(await listIds(`${near}&openAt=${encodeURIComponent('2026-11-25T07:30:00+01:00')}`)).toContain(
      ids.get(DAYLIGHT),
    );
  });

  it('refuses openNow with openAt, and an openAt that is not a time', async () => {
    const both = await get(`/api/v1/places?openNow=true&openAt=${encodeURIComponent(WEDNESDAY_10)}`);
    expect(both.statusCode).toBe(400);
    expect(both.json().error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'openAt' })]),
    );
    const notATime = await get('/api/v1/places?openAt=tomorrow');
    expect(notATime.statusCode).toBe(400);
    const exportBoth = await get(
      `/api/v1/export.csv?openNow=true&openAt=${encodeURIComponent(WEDNESDAY_10)}`,
    );
    expect(exportBoth.statusCode).toBe(400);
  });
});
