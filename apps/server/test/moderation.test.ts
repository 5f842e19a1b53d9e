import { Category, Flag, FlagList, PlaceList, UserList } from '@karta/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { me, nextAddress, signedInUser } from './support/auth.ts';
import { insertPharmacyCategory, insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.skipIf(!databaseAvailable)(`lists, flags, categories and users (${dbKind})`, () => {
  let t: TestApp;
  let author: User;
  let other: User;
  let moderator: User;
  let admin: User;

  const send = (
    method: InjectOptions['method'],
    url: string,
    user: User | null,
    payload?: object,
    remoteAddress = nextAddress(),
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress,
      headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...(user?.headers ?? {}) },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    await t.database.query(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('water', '{"en": "Water"}', '#0369a1', 'droplet')`,
    );
    author = await signedInUser(t.app);
    other = await signedInUser(t.app);
    moderator = await signedInUser(t.app, 'moderator');
    admin = await signedInUser(t.app, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('place lists', () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      ids = {
        published: await insertPlace(t.database, { status: 'published', authorId: author.id }),
        pending: await insertPlace(t.database, { status: 'pending', authorId: author.id }),
        rejected: await insertPlace(t.database, { status: 'rejected', authorId: author.id }),
        othersPending: await insertPlace(t.database, { status: 'pending', authorId: other.id }),
      };
    });
    const list = async (query: string, user: User | null) => {
      const response = await send('GET', `/api/v1/places?${query}`, user);
      expect(response.statusCode, response.body).toBe(200);
      return PlaceList.parse(response.json());
    };

    it('gives an author all their own places with status and rejection reason, newest first', async () => {
      const mine = await list('mine=true&order=newest', author);
      expect(mine.items.map((p) => p.id)).toEqual([ids.rejected, ids.pending, ids.published]);
      expect(mine.total).toBe(3);
      expect(mine.items[0]).toMatchObject({ status: 'rejected', rejectionReason: 'Not a real place' });
    });

    it('shows a visitor published places only, and counts nothing else', async () => {
      const visitor = await list('status=pending,rejected,published', null);
      expect(visitor.items.map((p) => p.id)).toEqual([ids.published]);
      expect(visitor.total).toBe(1);
      expect(visitor.items[0]).not.toHaveProperty('authorId');
    });

    it('shows another contributor only their own pending place', async () => {
      const pending = await list('status=pending', other);
      expect(pending.items.map((p) => p.id)).toEqual([ids.othersPending]);
    });

    it('gives moderators the whole queue, oldest first', async () => {
      const queue = await list('status=pending', moderator);
      expect(queue.items.map((p) => p.id)).toEqual([ids.pending, ids.othersPending]);
      expect(queue.items.every((p) => p.authorId !== undefined)).toBe(true);
    });

    it('refuses mine=true without a session (401) and a bad status (400)', async () => {
      expect((await send('GET', '/api/v1/places?mine=true', null)).statusCode).toBe(401);
      expect((await send('GET', '/api/v1/places?status=deleted', moderator)).statusCode).toBe(400);
    });
  });

  describe('flags', () => {
    it('takes a report from a visitor, lists it for moderators, and resolves it once', async () => {
      const placeId = await insertPlace(t.database, {
        status: 'published',
        authorId: author.id,
        name: 'Old well',
      });
      const reported = await send('POST', `/api/v1/places/${placeId}/flags`, null, {
        reason: 'does_not_exist',
        comment: '  Filled in last year.  ',
      });
      expect(reported.statusCode, reported.body).toBe(201);
      const { id } = reported.json() as { id: number };

      const open = FlagList.parse((await send('GET', '/api/v1/flags', moderator)).json());
      const flag = open.items.find((item) => item.id === id);
      expect(flag).toMatchObject({
        reason: 'does_not_exist',
        comment: 'Filled in last year.',
        reporter: null,
        place: { id: placeId, name: { en: 'Old well' } },
        status: 'open',
      });

      const [first, second] = await Promise.all([
        send('POST', `/api/v1/flags/${id}/resolve`, moderator, { resolution: 'fixed', note: 'Archived it' }),
        send('POST', `/api/v1/flags/${id}/resolve`, admin, { resolution: 'dismissed' }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
      const resolved = FlagList.parse((await send('GET', '/api/v1/flags?status=resolved', moderator)).json());
      const done = Flag.parse(resolved.items.find((item) => item.id === id));
      expect(done.status).toBe('resolved');
      expect(done.resolvedBy?.id).toBeDefined();
      const stillOpen = FlagList.parse((await send('GET', '/api/v1/flags', moderator)).json());
      expect(stillOpen.items.map((item) => item.id)).not.toContain(id);
    });

    it('names the signed-in reporter, refuses a bad reason, and limits reports per address (429)', async () => {
      const placeId = await insertPlace(t.database, { status: 'published', authorId: author.id });
      const signed = await send('POST', `/api/v1/places/${placeId}/flags`, other, { reason: 'duplicate' });
      const flags = FlagList.parse((await send('GET', '/api/v1/flags', moderator)).json());
      expect(flags.items.find((f) => f.id === (signed.json() as { id: number }).id)?.reporter?.id).toBe(
        other.id,
      );

      const bad = await send('POST', `/api/v1/places/${placeId}/flags`, null, { reason: 'boring' });
      expect(bad.statusCode).toBe(400);

      const address = nextAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        statuses.push(
          (await send('POST', `/api/v1/places/${placeId}/flags`, null, { reason: 'duplicate' }, address))
            .statusCode,
        );
      }
      expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
      const limited = await send(
        'POST',
        `/api/v1/places/${placeId}/flags`,
        null,
        { reason: 'duplicate' },
        address,
      );
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('categories', () => {
    it('adds, renames and deletes a category; refuses a taken slug, an off-palette colour and deleting one in use', async () => {
      const created = await send('POST', '/api/v1/categories', moderator, {
        slug: 'repair-cafe',
        name: { hr: 'Popravljaonica', en: 'Repair café' },
        color: '#c2410c',
        icon: 'wrench',
      });
      expect(created.statusCode, created.body).toBe(201);
      const category = Category.parse(created.json());

      const taken = await send('POST', '/api/v1/categories', moderator, {
        slug: 'repair-cafe',
        name: { en: 'Again' },
        color: '#c2410c',
        icon: 'wrench',
      });
      expect(taken.statusCode).toBe(409);
      const offPalette = await send('POST', '/api/v1/categories', moderator, {
        slug: 'neon',
        name: { en: 'Neon' },
        color: '#ffff00',
        icon: 'wrench',
      });
      expect(offPalette.statusCode).toBe(400);
      expect(offPalette.body).toContain('color');

      const renamed = await send('PATCH', `/api/v1/categories/${category.id}`, moderator, {
        name: { en: 'Repair café', hr: 'Kafić popravaka' },
      });
      expect(Category.parse(renamed.json())).toMatchObject({ slug: 'repair-cafe', color: '#c2410c' });

      await insertPlace(t.database, { status: 'pending', authorId: author.id, categoryId: category.id });
      const inUse = await send('DELETE', `/api/v1/categories/${category.id}`, moderator);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json()).toMatchObject({ error: { details: { places: 1 } } });
      await t.database.query('DELETE FROM places WHERE category_id = $1', [category.id]);
      expect((await send('DELETE', `/api/v1/categories/${category.id}`, moderator)).statusCode).toBe(204);
      expect((await send('DELETE', `/api/v1/categories/${category.id}`, moderator)).statusCode).toBe(404);
    });
  });

  describe('users', () => {
    it('lists and finds users for admins, without password hashes', async () => {
      const response = await send(
        'GET',
        `/api/v1/users?q=${encodeURIComponent(author.email.slice(0, 12))}`,
        admin,
      );
      const users = UserList.parse(response.json());
      expect(users.items.map((u) => u.id)).toContain(author.id);
      expect(response.body).not.toContain('argon2');
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('changes a role at once, and disabling ends every session of the user', async () => {
      const user = await signedInUser(t.app);
      const promoted = await send('PATCH', `/api/v1/users/${user.id}`, admin, { role: 'moderator' });
      expect(promoted.json()).toMatchObject({ role: 'moderator', disabled: false });
      expect((await send('GET', '/api/v1/flags', user)).statusCode).toBe(200);

      await send('PATCH', `/api/v1/users/${user.id}`, admin, { disabled: true });
      // Signed out: "who am I" answers nobody.
      const who = await me(t.app, user.token);
      expect(who.statusCode).toBe(200);
      expect(who.json()).toBeNull();
      const { rows } = await t.database.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id]);
      expect(rows).toHaveLength(0);
    });

    it('keeps an admin from demoting or disabling themselves, and refuses an unknown role', async () => {
      expect(
        (await send('PATCH', `/api/v1/users/${admin.id}`, admin, { role: 'contributor' })).statusCode,
      ).toBe(403);
      expect((await send('PATCH', `/api/v1/users/${other.id}`, admin, { role: 'owner' })).statusCode).toBe(
        400,
      );
      expect((await send('PATCH', `/api/v1/users/${other.id}`, admin, {})).statusCode).toBe(400);
      expect((await send('PATCH', '/api/v1/users/999999', admin, { disabled: false })).statusCode).toBe(404);
    });
  });

  describe('write limits', () => {
    it('refuses the 61st write of a user within a minute with 429 and Retry-After', async () => {
      const busy = await signedInUser(t.app);
      const statuses: number[] = [];
      for (let i = 0; i < 60; i += 1) {
        // An invalid proposal: refused with 400, but still an attempt that counts.
        statuses.push((await send('POST', '/api/v1/places', busy, { name: {} })).statusCode);
      }
      expect(statuses.every((s) => s === 400)).toBe(true);
      const limited = await send('POST', '/api/v1/places', busy, { name: {} });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another user is not affected.
      expect((await send('POST', '/api/v1/places', other, { name: {} })).statusCode).toBe(400);
    });
  });
});

describe.skipIf(!databaseAvailable)(`possible duplicates (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    await insertPharmacyCategory(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds published places within 200 m with a similar name, nearest first, in any language', async () => {
    const at = { lat: 45.8131, lng: 15.9772 };
    const near = await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      name: 'Ljekarna Centar',
      ...at,
    });
    const farther = await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      name: 'ljekarna centar 2',
      lat: at.lat + 0.0012,
      lng: at.lng,
    });
    // Too far (about 330 m), another name, or not public: none of these.
    await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      name: 'Ljekarna Centar',
      lat: at.lat + 0.003,
      lng: at.lng,
    });
    await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      name: 'Pekarnica Dubravica',
      ...at,
    });
    await insertPlace(t.database, { status: 'pending', authorId: null, name: 'Ljekarna Centar', ...at });

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/places/similar?near=${at.lat},${at.lng}&name=${encodeURIComponent('LJEKARNA CENTAR')}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { items } = response.json() as { items: { id: number; distance: number }[] };
    expect(items.map((p) => p.id)).toEqual([near, farther]);
    expect(items[1]?.distance).toBeGreaterThan(100);

    const excluded = await t.app.inject({
      method: 'GET',
      url: `/api/v1/places/similar?near=${at.lat},${at.lng}&name=Ljekarna%20Centar&exclude=${near}`,
    });
    expect((excluded.json() as { items: { id: number }[] }).items.map((p) => p.id)).toEqual([farther]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/places/similar?near=95,16&name=' });
    expect(bad.statusCode).toBe(400);
  });
});
