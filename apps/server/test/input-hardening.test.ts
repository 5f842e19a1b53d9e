import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signedInUser } from './support/auth.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

function send(app: FastifyInstance, method: 'PATCH' | 'POST', url: string, user: User, payload: unknown) {
  return app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...user.headers },
    payload: JSON.stringify(payload),
  });
}

/** The field paths of a 400's details. */
function paths(body: string): string[] {
  const details = (JSON.parse(body) as { error: { details?: { path: string }[] } }).error.details ?? [];
  return details.map((issue) => issue.path);
}

/**
 * Inputs the external fuzzer found reaching the database (each was a 500): every one is refused
 * by the contract or the server's language check with a 400 naming the field, and nothing is written.
 */
describe.skipIf(!databaseAvailable)(`hostile input is refused before the database (${dbKind})`, () => {
  let t: TestApp;
  let author: User;
  let moderator: User;
  let categoryId: number;

  const proposal = (overrides: Record<string, unknown> = {}) => ({
    categoryId,
    name: { en: 'Community fridge' },
    lat: 45.81,
    lng: 15.97,
    ...overrides,
  });
  const placeCount = async () =>
    Number((await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM places')).rows[0]?.n);

  beforeAll(async () => {
    t = await startTestApp({ demo: false, env: { LANGUAGES: 'hr,en' } });
    author = await signedInUser(t.app);
    moderator = await signedInUser(t.app, 'moderator');
    const category = await send(t.app, 'POST', '/api/v1/categories', moderator, {
      slug: 'fridges',
      name: { en: 'Fridges' },
      color: '#15803d',
      icon: 'map-pin',
    });
    expect(category.statusCode, category.body).toBe(201);
    categoryId = (category.json() as { id: number }).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['/api/v1/places?q=a%00b', 'q'],
    ['/api/v1/places/suggestions?q=a%00b', 'q'],
    ['/api/v1/places/similar?near=45.8,16&name=a%00b', 'name'],
    ['/api/v1/places?q=a%E2%80%AEb', 'q'],
  ])('refuses %s with a 400 on the field', async (url, field) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(400);
    expect(paths(response.body)).toContain(field);
  });

  it('refuses a NUL in the users search and in the sign-in e-mail', async () => {
    const admin = await signedInUser(t.app, 'admin');
    const users = await t.app.inject({ method: 'GET', url: '/api/v1/users?q=a%00', headers: admin.headers });
    expect(users.statusCode, users.body).toBe(400);
    const login = await postJson(t.app, '/api/v1/auth/login', {
      email: 'a\u0000@example.org',
      password: 'x',
    });
    expect(login.statusCode, login.body).toBe(400);
  });

  it.each([
    ['near=5e-324,0&radius=1'],
    ['near=0,5e-324&radius=1'],
    ['covers=5e-324,5e-324'],
    ['origin=5e-324,0'],
    ['bbox=-5e-324,-5e-324,5e-324,5e-324'],
    ['bbox=-1,-1,1,1&origin=1e-310,-1e-310'],
  ])('answers %s without a server error (denormal coordinates)', async (query) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/places?${query}` });
    expect(response.statusCode, response.body).toBeLessThan(500);
  });

  it('refuses a lone surrogate in a name on POST and PATCH, and in a category name', async () => {
    const before = await placeCount();
    const posted = await send(
      t.app,
      'POST',
      '/api/v1/places',
      author,
      proposal({ name: { en: 'a\ud800b' } }),
    );
    expect(posted.statusCode, posted.body).toBe(400);
    expect(paths(posted.body)).toContain('name.en');
    expect(await placeCount()).toBe(before);

    const good = await send(t.app, 'POST', '/api/v1/places', author, proposal());
    expect(good.statusCode, good.body).toBe(201);
    const { id, version } = good.json() as { id: number; version: number };
    const patched = await send(t.app, 'PATCH', `/api/v1/places/${id}`, author, {
      version,
      description: { en: 'x\udc00' },
    });
    expect(patched.statusCode, patched.body).toBe(400);
    expect(paths(patched.body)).toContain('description.en');

    const category = await send(t.app, 'POST', '/api/v1/categories', moderator, {
      slug: 'broken',
      name: { en: '\ud83d' },
      color: '#15803d',
      icon: 'map-pin',
    });
    expect(category.statusCode, category.body).toBe(400);
    expect(paths(category.body)).toContain('name.en');
  });

  it('refuses a category id beyond the 32-bit column', async () => {
    const response = await send(
      t.app,
      'POST',
      '/api/v1/places',
      author,
      proposal({ categoryId: 2147483648 }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(paths(response.body)).toContain('categoryId');
  });

  it('refuses bidi overrides and zero-width characters in a name', async () => {
    for (const name of ['Pharmacy\u202eycamrahP', 'Phar\u200bmacy']) {
      const response = await send(t.app, 'POST', '/api/v1/places', author, proposal({ name: { en: name } }));
      expect(response.statusCode, response.body).toBe(400);
      expect(paths(response.body)).toContain('name.en');
    }
  });

  it('takes names only in the configured languages, and refuses hundreds of them', async () => {
    const before = await placeCount();
    const german = await send(
      t.app,
      'POST',
      '/api/v1/places',
      author,
      proposal({ name: { en: 'A', de: 'B' } }),
    );
    expect(german.statusCode, german.body).toBe(400);
    expect(paths(german.body)).toContain('name.de');

    const codes = Array.from({ length: 300 }, (_, i) =>
      String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26)),
    );
    const many = Object.fromEntries(codes.map((code) => [code, 'x'.repeat(2000)]));
    const huge = await send(t.app, 'POST', '/api/v1/places', author, proposal({ description: many }));
    expect(huge.statusCode, huge.body).toBe(400);
    expect(await placeCount()).toBe(before);
  });

  it('refuses an imported row with a name in a language the site does not offer', async () => {
    const csv = 'externalId,category,name_en,name_de,lat,lng\r\nx-1,fridges,Fridge,Kühlschrank,45.8,16\r\n';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/import?format=csv&dryRun=true',
      headers: { 'content-type': 'text/csv', ...moderator.headers },
      payload: csv,
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as { refused: { row: number; errors: { path: string }[] }[] };
    expect(report.refused).toEqual([{ row: 1, errors: [expect.objectContaining({ path: 'name_de' })] }]);
  });

  it('refuses a 21st open proposal of one contributor with 429, and takes it once one is decided', async () => {
    const contributor = await signedInUser(t.app);
    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const response = await send(t.app, 'POST', '/api/v1/places', contributor, proposal());
      expect(response.statusCode, response.body).toBe(201);
      ids.push((response.json() as { id: number }).id);
    }
    const before = await placeCount();
    const refused = await send(t.app, 'POST', '/api/v1/places', contributor, proposal());
    expect(refused.statusCode, refused.body).toBe(429);
    expect((refused.json() as { error: { code: string } }).error.code).toBe('too_many_open_proposals');
    expect(await placeCount()).toBe(before);

    const first = await t.app.inject({
      method: 'GET',
      url: `/api/v1/places/${ids[0]}`,
      headers: moderator.headers,
    });
    const rejected = await send(t.app, 'POST', `/api/v1/places/${ids[0]}/transition`, moderator, {
      to: 'rejected',
      reason: 'Duplicate',
      version: (first.json() as { version: number }).version,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const again = await send(t.app, 'POST', '/api/v1/places', contributor, proposal());
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe.skipIf(!databaseAvailable)(`a deployment's own languages (${dbKind})`, () => {
  const LANGUAGES = ['sl', 'hr', 'en', 'de', 'fr', 'it', 'hu'];
  let t: TestApp;
  let author: User;
  let moderator: User;

  beforeAll(async () => {
    t = await startTestApp({ demo: false, env: { LANGUAGES: LANGUAGES.join(',') } });
    author = await signedInUser(t.app);
    moderator = await signedInUser(t.app, 'moderator');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves LANGUAGES to the browser, and names categories in them only', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(config.json()).toMatchObject({ languages: LANGUAGES, defaultLanguage: 'en' });
    const category = (name: Record<string, string>) =>
      send(t.app, 'POST', '/api/v1/categories', moderator, {
        slug: 'wells',
        name,
        color: '#15803d',
        icon: 'droplet',
      });
    const spanish = await category({ es: 'Pozos' });
    expect(spanish.statusCode, spanish.body).toBe(400);
    expect(paths(spanish.body)).toEqual(['name.es']);
    expect((await category({ sl: 'Vodnjaki' })).statusCode).toBe(201);
  });

  it('exports a name and a description column per language, in the configured order', async () => {
    const csv = await t.app.inject({ method: 'GET', url: '/api/v1/export.csv' });
    expect(csv.statusCode, csv.body).toBe(200);
    const header =
      csv.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0]
        ?.split(',') ?? [];
    expect(header.filter((column) => column.startsWith('name_'))).toEqual(LANGUAGES.map((l) => `name_${l}`));
    expect(header.filter((column) => column.startsWith('description_'))).toEqual(
      LANGUAGES.map((l) => `description_${l}`),
    );
  });

  it('caps the text of an edited place as a whole, not only the text an edit sends', async () => {
    const { rows } = await t.database.query<{ id: number }>('SELECT id FROM categories LIMIT 1');
    const full = (codes: string[]) => Object.fromEntries(codes.map((code) => [code, 'x'.repeat(2000)]));
    const created = await send(t.app, 'POST', '/api/v1/places', author, {
      categoryId: rows[0]?.id,
      name: { sl: 'Vodnjak' },
      description: full(LANGUAGES.slice(0, 5)),
      lat: 46.05,
      lng: 14.5,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, version } = created.json() as { id: number; version: number };
    const edit = await send(t.app, 'PATCH', `/api/v1/places/${id}`, author, {
      version,
      description: { ...full(LANGUAGES.slice(0, 5)), ...full(LANGUAGES.slice(5)) },
    });
    expect(edit.statusCode, edit.body).toBe(400);
    expect(paths(edit.body)).toEqual(['description']);
    const smaller = await send(t.app, 'PATCH', `/api/v1/places/${id}`, author, {
      version,
      description: full(LANGUAGES.slice(5)),
    });
    expect(smaller.statusCode, smaller.body).toBe(200);
  });
});
