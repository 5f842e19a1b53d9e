import { createHash } from 'node:crypto';
import {
  ConfirmationReceipt,
  FlagList,
  MapResponse,
  NeedsCheckingList,
  Place,
  PlaceList,
} from '@karta/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, responseCookie, signedInUser } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startInstance, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** Somewhere only this test writes. */
const SPOT = { lat: 44.9, lng: 13.8 };

describe.skipIf(!databaseAvailable)(`is it still there? (${dbKind})`, () => {
  let t: TestApp;
  let moderator: User;
  let contributor: User;
  let offset = 0;

  /** A published place here, last confirmed `daysAgo` days ago. */
  async function placeConfirmed(daysAgo: number, name = `Kiosk ${daysAgo}`): Promise<number> {
    offset += 1;
    const id = await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      lat: SPOT.lat + offset * 0.001,
      lng: SPOT.lng,
      name,
    });
    await t.database.query(
      `UPDATE places SET last_confirmed_at = now() - make_interval(days => $2), checked_at = now() - make_interval(days => $2)
       WHERE id = $1`,
      [id, daysAgo],
    );
    return id;
  }

  const confirm = (
    id: number,
    still: boolean,
    options: { cookie?: string; address?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/places/${id}/confirmations`,
      headers: {
        'content-type': 'application/json',
        ...(options.cookie ? { cookie: `karta_client=${options.cookie}` } : {}),
        ...options.headers,
      },
      remoteAddress: options.address ?? nextAddress(),
      payload: { still },
    });
  const receiptOf = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    return ConfirmationReceipt.parse(response.json());
  };
  const placeOf = async (id: number) =>
    Place.parse((await t.app.inject({ method: 'GET', url: `/api/v1/places/${id}` })).json());
  const openGoneFlags = async (id: number) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/flags', headers: moderator.headers });
    return FlagList.parse(response.json()).items.filter(
      (flag) => flag.placeId === id && flag.reason === 'does_not_exist',
    );
  };

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    await t.database.query(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('kiosk', '{"en":"Kiosk"}', '#15803d', 'map-pin')`,
    );
    moderator = await signedInUser(t.app, 'moderator');
    contributor = await signedInUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says in every answer when a place was last confirmed, and whether that is too long ago', async () => {
    const fresh = await placeConfirmed(10);
    const old = await placeConfirmed(400);
    const [freshPlace, oldPlace] = [await placeOf(fresh), await placeOf(old)];
    expect(freshPlace.stale).toBe(false);
    expect(oldPlace.stale).toBe(true);
    expect(Date.now() - Date.parse(oldPlace.lastConfirmedAt)).toBeGreaterThan(399 * 86_400_000);

    // `stale` filters any list, with the others; together the two halves are the whole.
    const near = `near=${SPOT.lat},${SPOT.lng}&radius=20000&limit=100`;
    const ids = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/places?${query}`,
        remoteAddress: nextAddress(),
      });
      return PlaceList.parse(response.json()).items.map((place) => place.id);
    };
    const stale = await ids(`${near}&stale=true`);
    const notStale = await ids(`${near}&stale=false`);
    expect(stale).toContain(old);
    expect(stale).not.toContain(fresh);
    expect(notStale).toContain(fresh);
    expect([...stale, ...notStale].sort()).toEqual((await ids(near)).sort());

    // The map marks it, and the export carries the date.
    await t.mapIndex.catchUp();
    const close = `${SPOT.lng - 0.01},${SPOT.lat - 0.01},${SPOT.lng + 0.01},${SPOT.lat + 0.03}`;
    const map = MapResponse.parse(
      (await t.app.inject({ method: 'GET', url: `/api/v1/map?bbox=${close}&zoom=18` })).json(),
    );
    expect(map.places.find((place) => place.id === old)?.stale).toBe(true);
    expect(map.places.find((place) => place.id === fresh)?.stale).toBe(false);
    const geojson = await t.app.inject({ method: 'GET', url: `/api/v1/export.geojson?${near}&stale=true` });
    const feature = geojson
      .json()
      .features.find((f: { properties: { name_en: string } }) =>
        f.properties.name_en.startsWith('Kiosk 400'),
      );
    expect(feature.properties.last_confirmed_at).toBe(oldPlace.lastConfirmedAt);
  });

  it('takes a visitor’s “Still here” once a day, and confirms the place when three visitors agree', async () => {
    const id = await placeConfirmed(500);
    const before = await placeOf(id);
    const first = await confirm(id, true, { address: '10.7.0.1' });
    const receipt = receiptOf(first);
    // One visitor alone is noted, and changes nothing: a script without a cookie is a new client each time.
    expect(receipt).toMatchObject({ counted: true, stale: true, lastConfirmedAt: before.lastConfirmedAt });
    // The visitor is told apart by a cookie of their own: again today, it does not count.
    const cookie = responseCookie(first, 'karta_client');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cookie?.attributes.httponly).toBe(true);
    expect(receiptOf(await confirm(id, true, { cookie: cookie?.value, address: '10.7.0.1' })).counted).toBe(
      false,
    );
    // Without the cookie, from the same address, or from the same IPv6 /64: still one visitor.
    for (const address of ['10.7.0.1', '2001:db8:7:1::1', '2001:db8:7:1::2', '2001:db8:7:1:ffff::3']) {
      expect(receiptOf(await confirm(id, true, { address }))).toMatchObject({ counted: true, stale: true });
    }
    expect((await placeOf(id)).lastConfirmedAt).toBe(before.lastConfirmedAt);
    // A third visitor (IPv4, IPv6, and another address): the place is confirmed.
    const third = receiptOf(await confirm(id, true, { address: '10.7.0.3' }));
    expect(third).toMatchObject({ counted: true, stale: false });
    expect(Date.now() - Date.parse(third.lastConfirmedAt)).toBeLessThan(60_000);
    // No address is kept: only salted hashes, none of which is a plain hash of an address.
    const { rows } = await t.database.query<{ address_key: string }>(
      'SELECT DISTINCT address_key FROM place_confirmations WHERE place_id = $1',
      [id],
    );
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row.address_key)).not.toContain(
      createHash('sha256').update('10.7.0.1').digest('base64url'),
    );
  });

  it('confirms a place on one signed-in user’s “Still here”, once a day', async () => {
    const id = await placeConfirmed(600);
    const receipt = receiptOf(await confirm(id, true, { headers: contributor.headers }));
    expect(receipt).toMatchObject({ counted: true, stale: false });
    expect(receiptOf(await confirm(id, true, { headers: contributor.headers }))).toMatchObject({
      counted: false,
      lastConfirmedAt: receipt.lastConfirmedAt,
    });
  });

  it('counts a visitor once through every instance of the site, before and after a restart', async () => {
    const id = await placeConfirmed(700);
    expect(receiptOf(await confirm(id, true, { address: '10.6.0.1' })).stale).toBe(true);
    expect(receiptOf(await confirm(id, true, { address: '10.6.0.2' })).stale).toBe(true);
    // Another instance of the site on the same database (as after a restart) knows them again.
    const other = await startInstance(t);
    try {
      const again = (address: string) =>
        other.app.inject({
          method: 'POST',
          url: `/api/v1/places/${id}/confirmations`,
          headers: { 'content-type': 'application/json' },
          remoteAddress: address,
          payload: { still: true },
        });
      for (const address of ['10.6.0.1', '10.6.0.2'])
        expect(receiptOf(await again(address)).stale).toBe(true);
      expect(receiptOf(await again('10.6.0.3')).stale).toBe(false);
    } finally {
      await other.close();
    }
    // One salt for the site, kept in the database.
    const { rows } = await t.database.query('SELECT name FROM instance_secrets');
    expect(rows).toEqual([{ name: 'visitor-address-salt' }]);
  });

  it('marks places stale by each app’s own STALE_AFTER_DAYS, two apps running in one process', async () => {
    const id = await placeConfirmed(10);
    // Built after `t`, with 5 days: the settings travel as arguments, so neither app takes the other's.
    const other = await startInstance(t, { config: { ...t.config, staleAfterDays: 5 } });
    try {
      const staleIn = async (app: TestApp['app']) =>
        Place.parse((await app.inject({ method: 'GET', url: `/api/v1/places/${id}` })).json()).stale;
      const listedStale = async (app: TestApp['app']) => {
        const response = await app.inject({
          method: 'GET',
          url: `/api/v1/places?near=${SPOT.lat},${SPOT.lng}&radius=20000&limit=100&stale=true`,
          remoteAddress: nextAddress(),
        });
        return PlaceList.parse(response.json()).items.some((place) => place.id === id);
      };
      const mapStale = async (app: TestApp['app']) => {
        const close = `${SPOT.lng - 0.01},${SPOT.lat - 0.01},${SPOT.lng + 0.01},${SPOT.lat + 0.03}`;
        const map = MapResponse.parse(
          (await app.inject({ method: 'GET', url: `/api/v1/map?bbox=${close}&zoom=18` })).json(),
        );
        return map.places.find((place) => place.id === id)?.stale;
      };
      await t.mapIndex.catchUp();
      for (const [app, stale] of [
        [t.app, false],
        [other.app, true],
        [t.app, false],
      ] as const) {
        expect(await staleIn(app)).toBe(stale);
        expect(await listedStale(app)).toBe(stale);
        expect(await mapStale(app)).toBe(stale);
      }
    } finally {
      await other.close();
    }
  });

  it('opens a report for moderators after “Not here” from three visitors, never changing the place', async () => {
    const id = await placeConfirmed(20);
    const before = await placeOf(id);
    // Two visitors, and one of them again from another cookie at the same address: not enough.
    expect(receiptOf(await confirm(id, false, { address: '10.9.0.1' }))).toMatchObject({
      counted: true,
      flagged: false,
    });
    expect(receiptOf(await confirm(id, false, { address: '10.9.0.2' })).flagged).toBe(false);
    expect(receiptOf(await confirm(id, false, { address: '10.9.0.2' })).flagged).toBe(false);
    expect(await openGoneFlags(id)).toHaveLength(0);
    // A third address: moderators are asked, once.
    expect(receiptOf(await confirm(id, false, { address: '10.9.0.3' })).flagged).toBe(true);
    expect(receiptOf(await confirm(id, false, { address: '10.9.0.4' })).flagged).toBe(true);
    expect(await openGoneFlags(id)).toHaveLength(1);
    // The place itself is as it was: published, same version, same confirmation.
    expect(await placeOf(id)).toMatchObject({
      status: 'published',
      version: before.version,
      lastConfirmedAt: before.lastConfirmedAt,
    });
  });

  it('opens a report at once when a signed-in user says “Not here”', async () => {
    const id = await placeConfirmed(30);
    const receipt = receiptOf(await confirm(id, false, { headers: contributor.headers }));
    expect(receipt).toMatchObject({ counted: true, flagged: true });
    const [flag] = await openGoneFlags(id);
    expect(flag?.reporter?.id).toBe(contributor.id);
    // The same user again today does not count.
    expect(receiptOf(await confirm(id, false, { headers: contributor.headers })).counted).toBe(false);
  });

  it('refuses what is not a published place, and answers beyond the hour’s limit', async () => {
    const pending = await insertPlace(t.database, { status: 'pending', authorId: contributor.id });
    expect((await confirm(pending, true)).statusCode).toBe(404);
    expect((await confirm(999_999_999, true)).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/v1/places/${pending}/confirmations`,
      headers: { 'content-type': 'application/json' },
      payload: { still: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const id = await placeConfirmed(40);
    const address = '10.8.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await confirm(id, true, { address })).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('gives moderators the places to check: reported first, then the longest unconfirmed', async () => {
    const reported = await placeConfirmed(5, 'Kiosk reported');
    await confirm(reported, false, { headers: contributor.headers });
    const oldest = await placeConfirmed(900, 'Kiosk oldest');
    const older = await placeConfirmed(700, 'Kiosk older');
    const queue = async (query = '') => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/places/needs-checking${query}`,
        headers: moderator.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return NeedsCheckingList.parse(response.json());
    };
    const all = (await queue('?limit=100')).items;
    const order = all.map((place) => place.id);
    expect(order.indexOf(reported)).toBeLessThan(order.indexOf(oldest));
    expect(order.indexOf(oldest)).toBeLessThan(order.indexOf(older));
    expect(all.find((place) => place.id === reported)?.notHereCount).toBe(1);
    // Reported places by their count, then the rest by their last confirmation, oldest first.
    const unreported = all.filter((place) => place.notHereCount === 0);
    expect(unreported.every((place) => place.stale)).toBe(true);
    const confirmedTimes = unreported.map((place) => Date.parse(place.lastConfirmedAt));
    expect(confirmedTimes).toEqual([...confirmedTimes].sort((a, b) => a - b));

    // Page by page, every place once.
    const paged: number[] = [];
    let cursor: string | null = null;
    do {
      const page: NeedsCheckingList = await queue(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.items.map((place) => place.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(order);

    // Visitors and contributors may not see it.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/places/needs-checking' })).statusCode).toBe(
      401,
    );
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/v1/places/needs-checking',
      headers: contributor.headers,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/places/needs-checking?cursor=nonsense',
          headers: moderator.headers,
        })
      ).statusCode,
    ).toBe(400);

    // A moderator's check takes a place off: "Still here", dismissing the report, or an edit.
    receiptOf(await confirm(oldest, true, { headers: moderator.headers }));
    const [flag] = await openGoneFlags(reported);
    const dismissed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/flags/${flag?.id}/resolve`,
      headers: { 'content-type': 'application/json', ...moderator.headers },
      payload: { resolution: 'dismissed' },
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    const version = (await placeOf(older)).version;
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/places/${older}`,
      headers: { 'content-type': 'application/json', ...moderator.headers },
      payload: { version, address: 'Obala 1' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const left = (await queue('?limit=100')).items.map((place) => place.id);
    for (const checked of [reported, oldest, older]) expect(left).not.toContain(checked);
    expect((await placeOf(older)).stale).toBe(false);
  });
  it('keeps a place with “Not here” answers in the queue, however many say “Still here”, until a moderator checks it', async () => {
    const id = await placeConfirmed(3, 'Kiosk disputed');
    await confirm(id, false, { headers: contributor.headers });
    for (const address of ['10.5.0.1', '10.5.0.2', '10.5.0.3']) await confirm(id, true, { address });
    const other = await signedInUser(t.app);
    expect(receiptOf(await confirm(id, true, { headers: other.headers }))).toMatchObject({ flagged: true });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/places/needs-checking?limit=100',
      headers: moderator.headers,
    });
    const item = NeedsCheckingList.parse(response.json()).items.find((place) => place.id === id);
    expect(item).toMatchObject({ notHereCount: 1, stale: false });
  });
});
