import { OwnPlace, Place, PlaceHistory } from '@karta/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signedInUser } from './support/auth.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

function send(
  app: FastifyInstance,
  method: 'PATCH' | 'GET',
  url: string,
  user: User | null,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...(user?.headers ?? {}) },
    ...(payload ? { payload: payload as object } : {}),
  });
}

describe.skipIf(!databaseAvailable)(`proposing, editing and moderating places (${dbKind})`, () => {
  let t: TestApp;
  let author: User;
  let other: User;
  let moderator: User;
  let secondModerator: User;
  let categoryId: number;

  const proposal = (overrides: Record<string, unknown> = {}) => ({
    categoryId,
    name: { en: 'Community fridge', hr: 'Društveni hladnjak' },
    description: { en: 'Take what you need.' },
    lat: 45.8123456,
    lng: 15.9765432,
    radius: 250,
    address: 'Ilica 1, Zagreb',
    website: 'https://example.org/fridge',
    ...overrides,
  });
  const propose = async (overrides: Record<string, unknown> = {}, user: User | null = author) => {
    const response = await postJson(t.app, '/api/v1/places', proposal(overrides), {
      headers: user?.headers ?? {},
    });
    return response;
  };
  const created = async (overrides: Record<string, unknown> = {}) => {
    const response = await propose(overrides);
    expect(response.statusCode, response.body).toBe(201);
    return OwnPlace.parse(response.json());
  };
  const transition = (id: number, user: User | null, body: Record<string, unknown>) =>
    postJson(t.app, `/api/v1/places/${id}/transition`, body, { headers: user?.headers ?? {} });
  const publicPlace = (id: number) => t.app.inject({ method: 'GET', url: `/api/v1/places/${id}` });
  const placeCount = async () =>
    Number((await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM places')).rows[0]?.n);

  beforeAll(async () => {
    t = await startTestApp();
    author = await signedInUser(t.app);
    other = await signedInUser(t.app);
    moderator = await signedInUser(t.app, 'moderator');
    secondModerator = await signedInUser(t.app, 'admin');
    categoryId = (await t.database.query<{ id: number }>('SELECT id FROM categories ORDER BY id LIMIT 1'))
      .rows[0]?.id as number;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a proposal without a session (401), changing nothing', async () => {
    const before = await placeCount();
    expect((await propose({}, null)).statusCode).toBe(401);
    expect(await placeCount()).toBe(before);
  });

  it('creates a pending place for its author, with the exact position, kept off the public API', async () => {
    const place = await created({ locationPrivacy: '1km' });
    expect(place).toMatchObject({
      status: 'pending',
      version: 1,
      authorId: author.id,
      lat: 45.8123456,
      lng: 15.9765432,
    });
    expect((await publicPlace(place.id)).statusCode).toBe(404);
  });

  it('refuses bad input field by field, changing nothing', async () => {
    const before = await placeCount();
    const response = await propose({ name: { en: '  ' }, lat: 91, website: 'ftp://example.org', radius: 0 });
    expect(response.statusCode).toBe(400);
    const paths = (response.json() as { error: { details: { path: string }[] } }).error.details.map(
      (d) => d.path,
    );
    expect(paths).toEqual(expect.arrayContaining(['name.en', 'lat', 'website', 'radius']));
    const unknownCategory = await propose({ categoryId: 999_999 });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.body).toContain('categoryId');
    expect(await placeCount()).toBe(before);
  });

  it('lets the author edit a pending place with its version, and refuses a stale one (409)', async () => {
    const place = await created();
    const edited = await send(t.app, 'PATCH', `/api/v1/places/${place.id}`, author, {
      version: 1,
      radius: 300,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(OwnPlace.parse(edited.json())).toMatchObject({ version: 2, radius: 300 });
    const stale = await send(t.app, 'PATCH', `/api/v1/places/${place.id}`, author, {
      version: 1,
      radius: 400,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'conflict', details: { currentVersion: 2 } } });
    // Someone else's pending place does not exist for them; a moderator may edit it.
    expect((await send(t.app, 'PATCH', `/api/v1/places/${place.id}`, other, { version: 2 })).statusCode).toBe(
      404,
    );
    const byModerator = await send(t.app, 'PATCH', `/api/v1/places/${place.id}`, moderator, {
      version: 2,
      address: 'Ilica 2, Zagreb',
    });
    expect(byModerator.statusCode).toBe(200);
  });

  it('publishes only by a moderator, after which the place is public (at its public position)', async () => {
    const place = await created({ locationPrivacy: '1km' });
    expect((await transition(place.id, author, { to: 'published', version: 1 })).statusCode).toBe(403);
    const published = await transition(place.id, moderator, { to: 'published', version: 1 });
    expect(published.statusCode, published.body).toBe(200);
    expect(OwnPlace.parse(published.json())).toMatchObject({ status: 'published', version: 2 });
    const shown = Place.parse((await publicPlace(place.id)).json());
    // ~1 km privacy: never the exact position.
    expect([shown.lat, shown.lng]).not.toEqual([place.lat, place.lng]);
    // Published → pending is not a move of docs/product-rules.md §States; the author may no longer
    // edit it.
    expect((await transition(place.id, moderator, { to: 'pending', version: 2 })).statusCode).toBe(422);
    expect(
      (await send(t.app, 'PATCH', `/api/v1/places/${place.id}`, author, { version: 2 })).statusCode,
    ).toBe(403);
  });

  it('rejects with a reason the author sees, and lets the author edit and resubmit', async () => {
    const place = await created();
    const noReason = await transition(place.id, moderator, { to: 'rejected', version: 1 });
    expect(noReason.statusCode).toBe(400);
    const rejected = await transition(place.id, moderator, {
      to: 'rejected',
      reason: 'Closed in 2024',
      version: 1,
    });
    expect(OwnPlace.parse(rejected.json())).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Closed in 2024',
    });
    const fixed = await send(t.app, 'PATCH', `/api/v1/places/${place.id}`, author, {
      version: 2,
      address: 'Ilica 3',
    });
    expect(fixed.statusCode).toBe(200);
    const resubmitted = await transition(place.id, author, { to: 'pending', version: 3 });
    expect(OwnPlace.parse(resubmitted.json())).toMatchObject({
      status: 'pending',
      rejectionReason: null,
      version: 4,
    });
  });

  it('lets one of two moderators acting at once win; the other gets 409 and nothing is lost', async () => {
    const place = await created();
    const [first, second] = await Promise.all([
      transition(place.id, moderator, { to: 'published', version: 1 }),
      transition(place.id, secondModerator, { to: 'rejected', reason: 'Duplicate', version: 1 }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const history = PlaceHistory.parse(
      (await send(t.app, 'GET', `/api/v1/places/${place.id}/history`, moderator)).json(),
    );
    expect(history.items.map((entry) => entry.action)).toHaveLength(2);
    expect(history.items[1]?.version).toBe(2);
  });

  it('counts an edit that resends the same names in another order as no change', async () => {
    const place = await created();
    const response = await send(t.app, 'PATCH', `/api/v1/places/${place.id}`, author, {
      version: 1,
      name: { hr: 'Društveni hladnjak', en: 'Community fridge' },
    });
    expect(response.statusCode).toBe(200);
    expect(OwnPlace.parse(response.json()).version).toBe(1);
  });

  it('keeps a history of who changed what, for the author and moderators only', async () => {
    const place = await created();
    await send(t.app, 'PATCH', `/api/v1/places/${place.id}`, author, { version: 1, name: { en: 'Fridge' } });
    await transition(place.id, moderator, { to: 'published', version: 2 });
    const response = await send(t.app, 'GET', `/api/v1/places/${place.id}/history`, author);
    const { items } = PlaceHistory.parse(response.json());
    expect(items.map((entry) => [entry.action, entry.version, entry.actor?.id])).toEqual([
      ['created', 1, author.id],
      ['edited', 2, author.id],
      ['published', 3, moderator.id],
    ]);
    expect(items[1]?.changes.name).toEqual({ from: proposal().name, to: { en: 'Fridge' } });
    expect((await send(t.app, 'GET', `/api/v1/places/${place.id}/history`, other)).statusCode).toBe(403);
    expect((await send(t.app, 'GET', `/api/v1/places/${place.id}/history`, null)).statusCode).toBe(401);
  });
});
