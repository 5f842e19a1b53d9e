import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, signedInUser } from './support/auth.ts';
import { haversineM } from './support/geo.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** Exact positions chosen so their digits are easy to spot in any answer. */
const HIDDEN = { lat: 45.8137913, lng: 15.9771357 };
const DIGITS = [String(HIDDEN.lat).slice(0, 7), String(HIDDEN.lng).slice(0, 7)];

describe.skipIf(!databaseAvailable)(`location privacy never leaks the exact position (${dbKind})`, () => {
  let t: TestApp;
  let author: User;
  let other: User;
  let moderator: User;
  let placeId: number;

  const get = (url: string, user: User | null) =>
    t.app.inject({ method: 'GET', url, remoteAddress: nextAddress(), headers: user?.headers ?? {} });

  /** Every read path a visitor or another contributor could use to learn where the place is. */
  const readPaths = () => {
    const box = `${HIDDEN.lng - 0.05},${HIDDEN.lat - 0.05},${HIDDEN.lng + 0.05},${HIDDEN.lat + 0.05}`;
    return [
      `/api/v1/places/${placeId}`,
      `/api/v1/places?bbox=${box}&limit=100`,
      `/api/v1/places?origin=${HIDDEN.lat},${HIDDEN.lng}&limit=100`,
      `/api/v1/places?status=published,pending,rejected,archived&limit=100`,
      // Search and proximity measure the public position only: asking around the exact spot, at
      // any radius, must neither give its digits nor single it out.
      `/api/v1/places?q=safe&limit=100`,
      `/api/v1/places?q=house&origin=${HIDDEN.lat},${HIDDEN.lng}&limit=100`,
      ...[250, 1000, 5000].map(
        (radius) => `/api/v1/places?near=${HIDDEN.lat},${HIDDEN.lng}&radius=${radius}&limit=100`,
      ),
      `/api/v1/places?covers=${HIDDEN.lat},${HIDDEN.lng}&limit=100`,
      `/api/v1/places?covers=${HIDDEN.lat},${HIDDEN.lng}&q=safe&bbox=${box}&limit=100`,
      ...[10, 14, 16, 18].map((zoom) => `/api/v1/map?bbox=${box}&zoom=${zoom}`),
      `/api/v1/places/${placeId}/history`,
    ];
  };

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    await t.database.query(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('shelter', '{"en": "Shelter"}', '#6d28d9', 'house')`,
    );
    author = await signedInUser(t.app);
    other = await signedInUser(t.app);
    moderator = await signedInUser(t.app, 'moderator');
    const proposed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/places',
      headers: { 'content-type': 'application/json', ...author.headers },
      // A radius, so `covers` has something to find.
      payload: { categoryId: 1, name: { en: 'Safe house' }, ...HIDDEN, radius: 3000, locationPrivacy: '1km' },
    });
    placeId = (proposed.json() as { id: number }).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the exact position to the author and moderators only', async () => {
    for (const user of [author, moderator]) {
      const place = (await get(`/api/v1/places/${placeId}`, user)).json() as { lat: number; lng: number };
      expect([place.lat, place.lng]).toEqual([HIDDEN.lat, HIDDEN.lng]);
    }
  });

  for (const status of ['pending', 'published'] as const) {
    it(`gives visitors and other contributors no exact digits on any read path while ${status}`, async () => {
      if (status === 'published') {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/v1/places/${placeId}/transition`,
          headers: { 'content-type': 'application/json', ...moderator.headers },
          payload: { to: 'published', version: 1 },
        });
        expect(response.statusCode).toBe(200);
        await t.app.mapIndex.rebuild();
      }
      let seenPublicly = 0;
      for (const user of [null, other]) {
        for (const url of readPaths()) {
          const response = await get(url, user);
          for (const digits of DIGITS)
            expect(response.body, `${url} as ${user ? 'other' : 'visitor'}`).not.toContain(digits);
          if (response.statusCode === 200 && response.body.includes('Safe house')) seenPublicly += 1;
        }
      }
      // Published, the place is really there (at its coarse position); pending, nowhere.
      if (status === 'published') expect(seenPublicly).toBeGreaterThan(4);
      else expect(seenPublicly).toBe(0);
    });
  }

  it('measures near and covers from the public position, never the exact one', async () => {
    // Published by the test above. Its public point is about 155 m from the exact one: 100 m
    // around the exact spot finds nothing, and 250 m finds it at the public point's distance.
    const place = (await get(`/api/v1/places/${placeId}`, null)).json() as { lat: number; lng: number };
    const within = async (query: string) =>
      ((await get(`/api/v1/places?${query}`, null)).json() as { items: { id: number; distance: number }[] })
        .items;
    expect(await within(`near=${HIDDEN.lat},${HIDDEN.lng}&radius=100`)).toEqual([]);
    const publicDistance = haversineM(HIDDEN, place);
    expect(publicDistance).toBeGreaterThan(100);
    const around = await within(`near=${HIDDEN.lat},${HIDDEN.lng}&radius=250`);
    expect(around.map((item) => item.id)).toEqual([placeId]);
    expect(around[0]?.distance).toBeCloseTo(publicDistance, 0);
    const found = await within(`near=${place.lat},${place.lng}&radius=250`);
    expect(found.map((item) => [item.id, item.distance])).toEqual([[placeId, 0]]);
    // The circle is drawn around the public point: covering it, with its distance from there.
    const covering = await within(`covers=${place.lat},${place.lng}`);
    expect(covering.map((item) => [item.id, item.distance])).toEqual([[placeId, 0]]);
  });

  it('coarsens the same way on every read, so repeated reads do not average out', async () => {
    const reads = await Promise.all([1, 2, 3].map(() => get(`/api/v1/places/${placeId}`, null)));
    const positions = reads.map((r) => {
      const { lat, lng } = r.json() as { lat: number; lng: number };
      return `${lat},${lng}`;
    });
    expect(new Set(positions).size).toBe(1);
    const [lat = 0, lng = 0] = (positions[0] ?? '').split(',').map(Number);
    // ~1 km: the public point is within a cell of the exact one, and not it.
    expect(Math.abs(lat - HIDDEN.lat)).toBeLessThan(0.01);
    expect(Math.abs(lng - HIDDEN.lng)).toBeLessThan(0.02);
    expect(lat).not.toBe(HIDDEN.lat);
  });
});
