import { Category, type CategoryField, OwnPlace, PlaceHistory } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signedInUser } from './support/auth.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

const INDOOR: CategoryField = {
  key: 'indoor',
  type: 'boolean',
  label: { en: 'Indoor', hr: 'U zatvorenom' },
  filterable: true,
  osmKey: 'indoor',
};
const ACCESS: CategoryField = {
  key: 'access',
  type: 'enum',
  label: { en: 'Access', hr: 'Pristup' },
  filterable: true,
  osmKey: 'access',
  options: [
    { value: 'yes', label: { en: 'Public', hr: 'Javno' } },
    { value: 'customers', label: { en: 'Customers only', hr: 'Samo za korisnike' } },
    { value: 'private', label: { en: 'Private', hr: 'Privatno' } },
  ],
};
const LEVEL: CategoryField = {
  key: 'level',
  type: 'integer',
  label: { en: 'Floor' },
  min: -5,
  max: 100,
  filterable: true,
  osmKey: 'level',
};

describe.skipIf(!databaseAvailable)(`fields per category and a place's values (${dbKind})`, () => {
  let t: TestApp;
  let moderator: User;
  let admin: User;
  let author: User;
  let categoryId: number;
  let otherCategoryId: number;

  const patchCategory = (id: number, body: unknown, user: User = moderator) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/categories/${id}`,
      headers: { 'content-type': 'application/json', ...user.headers },
      payload: body as object,
    });
  const setFields = async (fields: CategoryField[], id = categoryId) => {
    const response = await patchCategory(id, { fields });
    expect(response.statusCode, response.body).toBe(200);
    return Category.parse(response.json());
  };
  const propose = (extra: unknown, user: User = author, category = categoryId) =>
    postJson(
      t.app,
      '/api/v1/places',
      { categoryId: category, name: { en: `Defibrillator ${Math.random()}` }, lat: 45.81, lng: 15.97, extra },
      { headers: user.headers },
    );
  const proposed = async (extra: unknown) => {
    const response = await propose(extra);
    expect(response.statusCode, response.body).toBe(201);
    return OwnPlace.parse(response.json());
  };
  const edit = (place: OwnPlace, body: Record<string, unknown>, user: User = moderator) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/places/${place.id}`,
      headers: { 'content-type': 'application/json', ...user.headers },
      payload: { version: place.version, ...body },
    });
  const read = async (id: number, user: User = moderator) =>
    OwnPlace.parse(
      (await t.app.inject({ method: 'GET', url: `/api/v1/places/${id}`, headers: user.headers })).json(),
    );
  const issues = (body: string) =>
    (JSON.parse(body) as { error: { details: { path: string; code?: string }[] } }).error.details;
  const stored = async (id: number) =>
    (
      await t.database.query<{ extra: object; hidden_extra: object }>(
        'SELECT extra, hidden_extra FROM places WHERE id = $1',
        [id],
      )
    ).rows[0];

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    moderator = await signedInUser(t.app, 'moderator');
    admin = await signedInUser(t.app, 'admin');
    author = await signedInUser(t.app);
    const create = async (slug: string) => {
      const response = await postJson(
        t.app,
        '/api/v1/categories',
        { slug, name: { en: slug }, color: '#15803d', icon: 'heart-pulse' },
        { headers: moderator.headers },
      );
      expect(response.statusCode, response.body).toBe(201);
      return Category.parse(response.json()).id;
    };
    categoryId = await create('defibrillator');
    otherCategoryId = await create('drinking-water');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets a moderator define fields, which every category answer carries', async () => {
    const category = await setFields([INDOOR, ACCESS, LEVEL]);
    expect(category.fields.map((field) => field.key)).toEqual(['indoor', 'access', 'level']);
    expect(category.removedFields).toEqual([]);
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/categories' })).json() as {
      items: Category[];
    };
    expect(list.items.find((item) => item.id === categoryId)?.fields).toEqual(category.fields);
  });

  it('refuses definitions that cannot work, naming the part, and changes nothing', async () => {
    const cases: [CategoryField[], string][] = [
      [[{ ...INDOOR }, { ...INDOOR }], 'fields.1.key'],
      [[{ key: 'note', type: 'text', label: { en: 'Note' }, filterable: true }], 'fields.0.filterable'],
      [
        [{ key: 'count', type: 'integer', label: { en: 'Count' }, options: ACCESS.options }],
        'fields.0.options',
      ],
      [[{ key: 'kind', type: 'enum', label: { en: 'Kind' } }], 'fields.0.options'],
      [[{ key: 'count', type: 'integer', label: { en: 'Count' }, min: 5, max: 1 }], 'fields.0.max'],
      [[{ key: 'Bad-Key', type: 'text', label: { en: 'Bad' } }], 'fields.0.key'],
      [[{ key: 'note', type: 'text', label: { de: 'Notiz' } }], 'fields.0.label.de'],
    ];
    for (const [fields, path] of cases) {
      const response = await patchCategory(categoryId, { fields });
      expect(response.statusCode, `${path}: ${response.body}`).toBe(400);
      expect(issues(response.body).map((issue) => issue.path)).toContain(path);
    }
    expect((await read(await proposedId())).extra).toEqual({});
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/categories' })).json() as {
      items: Category[];
    };
    expect(list.items.find((item) => item.id === categoryId)?.fields.map((field) => field.key)).toEqual([
      'indoor',
      'access',
      'level',
    ]);
  });

  async function proposedId() {
    return (await proposed({})).id;
  }

  it('gives a shared key one type across categories', async () => {
    const response = await patchCategory(otherCategoryId, {
      fields: [{ key: 'indoor', type: 'text', label: { en: 'Indoor' } }],
    });
    expect(response.statusCode).toBe(400);
    expect(issues(response.body)[0]?.path).toBe('fields.0.type');
    await setFields([INDOOR], otherCategoryId);
  });

  it('keeps a proposal’s values, normalised, and shows them in every answer with the place', async () => {
    const place = await proposed({ indoor: true, access: 'yes', level: 2 });
    expect(place.extra).toEqual({ indoor: true, access: 'yes', level: 2 });
    expect((await read(place.id)).extra).toEqual({ indoor: true, access: 'yes', level: 2 });
    const history = PlaceHistory.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/places/${place.id}/history`,
          headers: moderator.headers,
        })
      ).json(),
    );
    expect(history.items[0]?.changes['extra.indoor']).toEqual({ from: null, to: true });
  });

  it('refuses a wrong value at extra.<key> with a code, and writes nothing', async () => {
    const before = (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM places')).rows[0]
      ?.n;
    const cases: [unknown, string, string][] = [
      [{ wheelchair: 'yes' }, 'extra.wheelchair', 'unknown_field'],
      [{ indoor: 'yes' }, 'extra.indoor', 'invalid'],
      [{ access: 'everyone' }, 'extra.access', 'not_an_option'],
      [{ level: 2.5 }, 'extra.level', 'invalid'],
      [{ level: 101 }, 'extra.level', 'too_large'],
      [{ level: -6 }, 'extra.level', 'too_small'],
    ];
    for (const [extra, path, code] of cases) {
      const response = await propose(extra);
      expect(response.statusCode, response.body).toBe(400);
      expect(issues(response.body)).toContainEqual(expect.objectContaining({ path, code }));
    }
    const after = (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM places')).rows[0]?.n;
    expect(after).toBe(before);
  });

  it('asks for a required field, on a proposal and on an edit that clears it', async () => {
    await setFields([INDOOR, { ...ACCESS, required: true }, LEVEL]);
    const missing = await propose({ indoor: true });
    expect(missing.statusCode).toBe(400);
    expect(issues(missing.body)).toContainEqual(
      expect.objectContaining({ path: 'extra.access', code: 'required' }),
    );
    const place = await proposed({ access: 'customers' });
    const cleared = await edit(place, { extra: { access: null } });
    expect(cleared.statusCode).toBe(400);
    expect(issues(cleared.body)[0]).toMatchObject({ path: 'extra.access', code: 'required' });
    await setFields([INDOOR, ACCESS, LEVEL]);
  });

  it('records an edit’s value changes one by one in the history', async () => {
    const place = await proposed({ indoor: false, access: 'yes' });
    const response = await edit(place, { extra: { indoor: true, access: 'yes', level: 3 } });
    expect(response.statusCode, response.body).toBe(200);
    expect(OwnPlace.parse(response.json()).extra).toEqual({ indoor: true, access: 'yes', level: 3 });
    const history = PlaceHistory.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/places/${place.id}/history`,
          headers: moderator.headers,
        })
      ).json(),
    );
    expect(history.items.at(-1)?.changes).toEqual({
      'extra.indoor': { from: false, to: true },
      'extra.level': { from: null, to: 3 },
    });
  });

  it('keeps a retired option readable, refuses it in new values, and takes it back unchanged', async () => {
    const place = await proposed({ access: 'private' });
    const deleted = await patchCategory(categoryId, {
      fields: [
        INDOOR,
        { ...ACCESS, options: ACCESS.options?.filter((option) => option.value !== 'private') },
        LEVEL,
      ],
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({
      error: { code: 'conflict', details: { path: 'fields.1.options' } },
    });
    await setFields([
      INDOOR,
      {
        ...ACCESS,
        options: ACCESS.options?.map((option) =>
          option.value === 'private' ? { ...option, retired: true } : option,
        ),
      },
      LEVEL,
    ]);
    expect((await read(place.id)).extra).toEqual({ access: 'private' });
    const fresh = await propose({ access: 'private' });
    expect(fresh.statusCode).toBe(400);
    expect(issues(fresh.body)[0]).toMatchObject({ path: 'extra.access', code: 'retired_option' });
    const unchanged = await edit(place, { extra: { access: 'private', indoor: true } });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    await setFields([INDOOR, ACCESS, LEVEL]);
  });

  it('hides a removed field’s values without losing them, and shows them when it comes back', async () => {
    const place = await proposed({ indoor: true, level: 4 });
    const category = await setFields([INDOOR, ACCESS]);
    expect(category.removedFields.map((field) => field.key)).toEqual(['level']);
    expect((await read(place.id)).extra).toEqual({ indoor: true });
    expect(await stored(place.id)).toEqual({ extra: { indoor: true }, hidden_extra: { level: 4 } });
    const typeChange = await patchCategory(categoryId, {
      fields: [INDOOR, ACCESS, { ...LEVEL, type: 'number' }],
    });
    expect(typeChange.statusCode).toBe(409);
    const back = await setFields([INDOOR, ACCESS, LEVEL]);
    expect(back.removedFields).toEqual([]);
    expect((await read(place.id)).extra).toEqual({ indoor: true, level: 4 });
  });

  it('lets only an admin purge a removed field’s hidden values', async () => {
    const place = await proposed({ level: 7 });
    await setFields([INDOOR, ACCESS]);
    const purge = (user: User, key = 'level') =>
      postJson(t.app, `/api/v1/categories/${categoryId}/purge-field`, { key }, { headers: user.headers });
    expect((await purge(moderator)).statusCode).toBe(403);
    expect((await purge(admin, 'indoor')).statusCode).toBe(404);
    expect((await stored(place.id))?.hidden_extra).toEqual({ level: 7 });
    expect((await purge(admin)).statusCode).toBe(204);
    expect((await stored(place.id))?.hidden_extra).toEqual({});
    const category = await setFields([INDOOR, ACCESS, LEVEL]);
    expect(category.removedFields).toEqual([]);
    expect((await read(place.id)).extra).toEqual({});
  });

  it('keeps values out of sight when a place moves to a category without their fields', async () => {
    const place = await proposed({ indoor: true, access: 'yes' });
    const moved = await edit(place, { categoryId: otherCategoryId });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(OwnPlace.parse(moved.json()).extra).toEqual({ indoor: true });
    expect(await stored(place.id)).toEqual({ extra: { indoor: true }, hidden_extra: { access: 'yes' } });
  });

  it('keeps values out of sight on a move that sends the new category’s values too', async () => {
    const place = await proposed({ indoor: true, access: 'customers', level: 2 });
    const moved = await edit(place, { categoryId: otherCategoryId, extra: { indoor: false } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(OwnPlace.parse(moved.json()).extra).toEqual({ indoor: false });
    expect(await stored(place.id)).toEqual({
      extra: { indoor: false },
      hidden_extra: { access: 'customers', level: 2 },
    });
  });

  it('writes the category’s places to the change log when what can be filtered on changes', async () => {
    const place = await proposed({ indoor: true });
    await t.database.query(`UPDATE places SET status = 'published', published_at = now() WHERE id = $1`, [
      place.id,
    ]);
    const logged = async () =>
      (
        await t.database.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM place_changes WHERE place_id = $1',
          [place.id],
        )
      ).rows[0]?.n ?? 0;
    const before = await logged();
    await setFields([{ ...INDOOR, filterable: false }, ACCESS, LEVEL]);
    expect(await logged()).toBeGreaterThan(before);
    const still = await logged();
    await setFields([{ ...INDOOR, filterable: false }, ACCESS, { ...LEVEL, label: { en: 'Level' } }]);
    expect(await logged()).toBe(still);
    await setFields([INDOOR, ACCESS, LEVEL]);
  });
});
