import { Writable } from 'node:stream';
import type { ApiToken, CreatedApiToken } from '@karta/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { migrate } from '../src/db/migrate.ts';
import { RATE_LIMITS } from '../src/http/rate-limit.ts';
import { MapIndexService } from '../src/map-index/map-index-service.ts';
import { GOOD_PASSWORD, nextAddress, postJson, signedInUser } from './support/auth.ts';
import { insertPharmacyCategory, insertPlace } from './support/places.ts';
import { createTestDatabase, databaseAvailable, dbKind, type TestDatabase } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.skipIf(!databaseAvailable)(`API tokens (${dbKind})`, () => {
  let db: TestDatabase;
  let mapIndex: MapIndexService;
  let app: FastifyInstance;
  let log = '';
  let categoryId = 0;

  beforeAll(async () => {
    db = await createTestDatabase({ LOG_LEVEL: 'trace' });
    await migrate(db.database);
    categoryId = await insertPharmacyCategory(db.database);
    mapIndex = new MapIndexService(db.database, { maxZoom: db.config.map.maxZoom });
    await mapIndex.rebuild();
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    app = await buildApp(db.config, { database: db.database, mapIndex, logStream, periodicJobs: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await mapIndex?.close();
    await db?.dispose();
  });

  const tokenRows = async (userId: number) =>
    (
      await db.database.query<{ n: number | string }>(
        'SELECT count(*) AS n FROM api_tokens WHERE user_id = $1',
        [userId],
      )
    ).rows[0]?.n;

  function createToken(user: User, body: Record<string, unknown>) {
    return postJson(app, '/api/v1/tokens', { password: GOOD_PASSWORD, ...body }, { headers: user.headers });
  }

  async function madeToken(user: User, scopes: string[], extra: Record<string, unknown> = {}) {
    const response = await createToken(user, { name: `Script ${scopes.join('+')}`, scopes, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as CreatedApiToken).token;
  }

  /** A request sent with `token` as `Authorization: Bearer`, JSON when it has a body. */
  function withToken(
    token: string,
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    return app.inject({
      method,
      url,
      remoteAddress: nextAddress(),
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
    });
  }

  const proposal = (name: string) => ({ categoryId, name: { en: name }, lat: 45.81, lng: 15.98 });

  it('is made only with the account’s password: a wrong one stores nothing', async () => {
    const user = await signedInUser(app);
    const wrong = await createToken(user, {
      name: 'Sync',
      scopes: ['places:read'],
      password: 'not-my-password-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: { code: 'wrong_password', details: [{ path: 'password', code: 'invalid' }] },
    });
    expect(Number(await tokenRows(user.id))).toBe(0);

    // Bad input changes nothing either: an unknown scope, none, a past expiry.
    for (const body of [
      { name: 'Sync', scopes: ['places:write'] },
      { name: 'Sync', scopes: [] },
      { name: 'Sync', scopes: ['import', 'import'] },
      { name: '', scopes: ['import'] },
      { name: 'Sync', scopes: ['import'], expiresAt: new Date(Date.now() - 60_000).toISOString() },
    ]) {
      const refused = await createToken(user, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.code).toBe('validation_error');
    }
    expect(Number(await tokenRows(user.id))).toBe(0);

    const made = await createToken(user, { name: 'Sync', scopes: ['places:read', 'places:propose'] });
    expect(made.statusCode, made.body).toBe(201);
    const created = made.json() as CreatedApiToken;
    expect(created.token).toMatch(/^karta_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(`karta_${created.prefix}_`)).toBe(true);
    expect(created).toMatchObject({
      name: 'Sync',
      scopes: ['places:read', 'places:propose'],
      expiresAt: null,
    });
    expect(made.headers['cache-control']).toBe('no-store');
    // Only a hash of the secret is stored.
    const secret = created.token.slice(`karta_${created.prefix}_`.length);
    const { rows } = await db.database.query<{ row: string }>('SELECT t::text AS row FROM api_tokens t');
    expect(rows.map((row) => row.row).join('\n')).not.toContain(secret);
  });

  it('lists the user’s own tokens without their secrets', async () => {
    const user = await signedInUser(app);
    const other = await signedInUser(app);
    const token = await madeToken(user, ['places:read'], { expiresAt: '2099-01-01T00:00:00Z' });
    await madeToken(other, ['import']);
    const response = await app.inject({ method: 'GET', url: '/api/v1/tokens', headers: user.headers });
    expect(response.statusCode).toBe(200);
    const { items } = response.json() as { items: ApiToken[] };
    expect(items).toEqual([
      {
        id: expect.any(Number),
        name: 'Script places:read',
        prefix: token.split('_')[1],
        scopes: ['places:read'],
        createdAt: expect.any(String),
        expiresAt: '2099-01-01T00:00:00.000Z',
        lastUsedAt: null,
      },
    ]);
    expect(response.body).not.toContain(token.slice(20));
  });

  it('reads and proposes as its user, without a cookie, from any origin', async () => {
    const user = await signedInUser(app);
    const token = await madeToken(user, ['places:read', 'places:propose']);
    // Another site's Origin is no CSRF risk without a cookie: the token is the credential.
    const created = await withToken(token, 'POST', '/api/v1/places', proposal('Token pharmacy'), {
      origin: 'https://elsewhere.example',
    });
    expect(created.statusCode, created.body).toBe(201);
    const place = created.json() as { id: number; authorId: number; status: string };
    expect(place).toMatchObject({ authorId: user.id, status: 'pending' });
    // Its own pending place is the user's to read, and not a visitor's.
    const read = await withToken(token, 'GET', `/api/v1/places/${place.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect((await app.inject({ method: 'GET', url: `/api/v1/places/${place.id}` })).statusCode).toBe(404);
    const mine = await withToken(
      token,
      'GET',
      '/api/v1/places?bbox=15.9,45.7,16.1,45.9&mine=true&status=pending',
    );
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json() as { items: { id: number }[] }).items.map((item) => item.id)).toEqual([place.id]);
  });

  it('is refused past its scopes (403), and wherever tokens may not go', async () => {
    const user = await signedInUser(app);
    const reader = await madeToken(user, ['places:read']);
    const refused = await withToken(reader, 'POST', '/api/v1/places', proposal('Not mine to propose'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: { code: 'token_not_allowed', details: { scope: 'places:propose' } },
    });
    const proposer = await madeToken(user, ['places:propose']);
    expect((await withToken(proposer, 'GET', '/api/v1/places/1')).statusCode).toBe(403);
    // The account, its tokens and sessions are for a signed-in browser only: a token cannot make tokens.
    const all = await madeToken(user, ['places:read', 'places:propose', 'moderate', 'import']);
    for (const [method, url, body] of [
      ['POST', '/api/v1/tokens', { name: 'Child', scopes: ['import'], password: GOOD_PASSWORD }],
      ['GET', '/api/v1/tokens', undefined],
      ['GET', '/api/v1/auth/me', undefined],
      ['GET', '/api/v1/auth/sessions', undefined],
      [
        'POST',
        '/api/v1/auth/password',
        { currentPassword: GOOD_PASSWORD, newPassword: 'another-long-pass-77' },
      ],
      ['GET', '/api/v1/users', undefined],
    ] as const) {
      const response = await withToken(all, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.code).toBe('token_not_allowed');
    }
    expect(Number(await tokenRows(user.id))).toBe(3);
    // Any valid token may read what describes the site.
    expect((await withToken(proposer, 'GET', '/api/v1/categories')).statusCode).toBe(200);
  });

  it('is 401 once revoked or expired, or when unknown: never a visitor', async () => {
    const user = await signedInUser(app);
    const token = await madeToken(user, ['places:read']);
    expect((await withToken(token, 'GET', '/api/v1/categories')).statusCode).toBe(200);
    const { items } = (
      await app.inject({ method: 'GET', url: '/api/v1/tokens', headers: user.headers })
    ).json() as { items: ApiToken[] };
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/v1/tokens/${items[0]?.id}`,
      headers: user.headers,
    });
    expect(revoked.statusCode).toBe(204);
    const after = await withToken(token, 'GET', '/api/v1/categories');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: { code: 'token_invalid' } });
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/tokens', headers: user.headers })).json(),
    ).toEqual({
      items: [],
    });

    const expiring = await madeToken(user, ['places:read'], {
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await withToken(expiring, 'GET', '/api/v1/categories')).statusCode).toBe(200);
    await db.database.query(
      `UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE prefix = $1`,
      [expiring.split('_')[1]],
    );
    expect((await withToken(expiring, 'GET', '/api/v1/categories')).statusCode).toBe(401);

    // Unknown, malformed, empty, a wrong secret of a real prefix: all 401, never a visitor's read.
    const wrongSecret = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    for (const value of [`karta_000000000000_${'A'.repeat(43)}`, 'garbage', '', wrongSecret]) {
      const read = await withToken(value, 'GET', '/api/v1/categories');
      expect(read.statusCode, value).toBe(401);
      expect(read.json().error.code).toBe('token_invalid');
    }
    // Another scheme's credentials (a proxy's Basic) are not ours: the request is a visitor's.
    const basic = await app.inject({
      method: 'GET',
      url: '/api/v1/categories',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(basic.statusCode).toBe(200);
  });

  it('stops working when its account is disabled', async () => {
    const user = await signedInUser(app);
    const token = await madeToken(user, ['places:read']);
    await app.accounts.updateUser(user.id, { disabled: true });
    expect((await withToken(token, 'GET', '/api/v1/categories')).statusCode).toBe(401);
  });

  it('ends with the password it was made with', async () => {
    const user = await signedInUser(app);
    const token = await madeToken(user, ['places:read']);
    const changed = await postJson(
      app,
      '/api/v1/auth/password',
      { currentPassword: GOOD_PASSWORD, newPassword: 'amber-harbour-willow-73' },
      { headers: user.headers },
    );
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await withToken(token, 'GET', '/api/v1/categories')).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/tokens', headers: user.headers })).json(),
    ).toEqual({
      items: [],
    });
  });

  it('cannot be revoked by another user', async () => {
    const owner = await signedInUser(app);
    const other = await signedInUser(app);
    const token = await madeToken(owner, ['places:read']);
    const { items } = (
      await app.inject({ method: 'GET', url: '/api/v1/tokens', headers: owner.headers })
    ).json() as { items: ApiToken[] };
    const id = items[0]?.id;
    const attempt = await app.inject({
      method: 'DELETE',
      url: `/api/v1/tokens/${id}`,
      headers: other.headers,
    });
    expect(attempt.statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/tokens/${id}` })).statusCode).toBe(401);
    expect((await withToken(token, 'GET', '/api/v1/categories')).statusCode).toBe(200);
    // Nor by a token of the owner's.
    const all = await madeToken(owner, ['places:read', 'places:propose', 'moderate', 'import']);
    expect((await withToken(all, 'DELETE', `/api/v1/tokens/${id}`)).statusCode).toBe(403);
    expect((await withToken(token, 'GET', '/api/v1/categories')).statusCode).toBe(200);
  });

  it('acts with the user’s role only where its scopes reach: a proposing moderator’s token cannot publish', async () => {
    const moderator = await signedInUser(app, 'moderator');
    const pending = await insertPlace(db.database, { status: 'pending', authorId: null, categoryId });
    const proposer = await madeToken(moderator, ['places:read', 'places:propose']);
    const refused = await withToken(proposer, 'POST', `/api/v1/places/${pending}/transition`, {
      to: 'published',
      version: 1,
    });
    // As a contributor, another's pending place is not there to see.
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('not_found');
    const { rows } = await db.database.query<{ status: string }>('SELECT status FROM places WHERE id = $1', [
      pending,
    ]);
    expect(rows[0]?.status).toBe('pending');
    // With `moderate` it can: the moderator's own role applies.
    const moderating = await madeToken(moderator, ['places:propose', 'moderate']);
    const published = await withToken(moderating, 'POST', `/api/v1/places/${pending}/transition`, {
      to: 'published',
      version: 1,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published' });
  });

  it('never acts above its user: an admin demoted to contributor can no longer moderate with it', async () => {
    const admin = await signedInUser(app, 'admin');
    const token = await madeToken(admin, ['moderate', 'import']);
    expect((await withToken(token, 'GET', '/api/v1/flags')).statusCode).toBe(200);
    expect((await withToken(token, 'GET', '/api/v1/imports')).statusCode).toBe(200);
    await app.accounts.updateUser(admin.id, { role: 'contributor' });
    const flags = await withToken(token, 'GET', '/api/v1/flags');
    expect(flags.statusCode).toBe(403);
    expect(flags.json().error.code).toBe('forbidden');
    expect((await withToken(token, 'GET', '/api/v1/imports')).statusCode).toBe(403);
    // A contributor's `moderate` is a ceiling, never a grant.
    const contributor = await signedInUser(app);
    const ceiling = await madeToken(contributor, ['moderate']);
    expect((await withToken(ceiling, 'GET', '/api/v1/flags')).statusCode).toBe(403);
  });

  it('notes its last use at most once a minute', async () => {
    const user = await signedInUser(app);
    const token = await madeToken(user, ['places:read']);
    const prefix = token.split('_')[1];
    const lastUsed = async () =>
      (
        await db.database.query<{ at: Date | null }>(
          'SELECT last_used_at AS at FROM api_tokens WHERE prefix = $1',
          [prefix],
        )
      ).rows[0]?.at ?? null;
    expect(await lastUsed()).toBeNull();
    await withToken(token, 'GET', '/api/v1/categories');
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await withToken(token, 'GET', '/api/v1/categories');
    expect(await lastUsed()).toEqual(first);
    // A minute later, the next use is written.
    await db.database.query(
      `UPDATE api_tokens SET last_used_at = now() - interval '61 seconds' WHERE prefix = $1`,
      [prefix],
    );
    const older = await lastUsed();
    await withToken(token, 'GET', '/api/v1/categories');
    expect((await lastUsed())?.getTime()).toBeGreaterThan(older?.getTime() ?? 0);
    const { items } = (
      await app.inject({ method: 'GET', url: '/api/v1/tokens', headers: user.headers })
    ).json() as { items: ApiToken[] };
    expect(items[0]?.lastUsedAt).not.toBeNull();
  });

  it('has a limit of its own, whoever sends it', async () => {
    const user = await signedInUser(app);
    const token = await madeToken(user, ['places:read']);
    const { max } = RATE_LIMITS.requestsPerToken;
    for (let request = 0; request < max; request += 1) {
      const response = await withToken(token, 'GET', '/api/v1/categories');
      if (response.statusCode !== 200) throw new Error(`request ${request}: ${response.statusCode}`);
    }
    const limited = await withToken(token, 'GET', '/api/v1/categories');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another token of the same user has its own count.
    expect(
      (await withToken(await madeToken(user, ['places:read']), 'GET', '/api/v1/categories')).statusCode,
    ).toBe(200);
  });

  it('is refused past 20 live tokens a user', async () => {
    const user = await signedInUser(app);
    for (let n = 0; n < 20; n += 1) {
      const owner = { id: user.id, role: 'contributor', via: 'session' } as const;
      await app.apiTokens.create(owner, { name: `Bulk ${n}`, scopes: ['places:read'], expiresAt: null });
    }
    const refused = await createToken(user, { name: 'One more', scopes: ['places:read'] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: { code: 'too_many_tokens', details: { max: 20 } } });
    expect(Number(await tokenRows(user.id))).toBe(20);
  });

  it('never writes a token, or any part of its secret, to the log', async () => {
    const user = await signedInUser(app);
    const token = await madeToken(user, ['places:read', 'places:propose']);
    const secret = token.slice(token.lastIndexOf('_') + 1);
    await withToken(token, 'GET', '/api/v1/categories');
    await withToken(token, 'POST', '/api/v1/places', proposal('Logged pharmacy'));
    await withToken(token, 'GET', '/api/v1/auth/me');
    await withToken(`${token.slice(0, -3)}xyz`, 'GET', '/api/v1/categories');
    expect(log).toContain('request completed');
    expect(log).toContain('/api/v1/tokens');
    for (let start = 0; start + 8 <= secret.length; start += 4) {
      expect(log).not.toContain(secret.slice(start, start + 8));
    }
    expect(log).not.toContain('Bearer');
    expect(log.toLowerCase()).not.toContain('authorization');
  });
});
