import { Category, CategoryList, Note } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, signedInUser } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.skipIf(!databaseAvailable)(`a category's notes setting (${dbKind})`, () => {
  let t: TestApp;
  let moderator: User;
  let author: User;

  const call = (user: User | null, method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({
      method,
      url,
      payload,
      remoteAddress: nextAddress(),
      headers: { ...(user?.headers ?? {}), origin: 'http://localhost' },
    });
  const writeNote = (user: User, placeId: number, text: string) =>
    call(user, 'POST', `/api/v1/places/${placeId}/notes`, { kind: 'comment', text, language: 'en' });

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    moderator = await signedInUser(t.app, 'moderator');
    author = await signedInUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is postmoderated unless a moderator says otherwise, and is listed with the category', async () => {
    const created = await call(moderator, 'POST', '/api/v1/categories', {
      slug: 'taps',
      name: { en: 'Taps' },
      color: '#0369a1',
      icon: 'droplet',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(Category.parse(created.json()).notes).toBe('postmoderated');
    const off = await call(moderator, 'POST', '/api/v1/categories', {
      slug: 'shelters',
      name: { en: 'Shelters' },
      color: '#0369a1',
      icon: 'house',
      notes: 'off',
    });
    expect(off.statusCode, off.body).toBe(201);
    const listed = CategoryList.parse((await t.app.inject({ url: '/api/v1/categories' })).json());
    expect(Object.fromEntries(listed.items.map((item) => [item.slug, item.notes]))).toMatchObject({
      taps: 'postmoderated',
      shelters: 'off',
    });
  });

  it('decides whether places take notes and whether they wait for a moderator', async () => {
    const category = Category.parse(
      (
        await call(moderator, 'POST', '/api/v1/categories', {
          slug: 'fountains',
          name: { en: 'Fountains' },
          color: '#0369a1',
          icon: 'droplet',
        })
      ).json(),
    );
    const place = await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      categoryId: category.id,
    });
    // The author's first note waits whatever the category says; a moderator publishes it.
    const first = Note.parse((await writeNote(author, place, 'First')).json());
    expect(first.state).toBe('pending');
    await call(moderator, 'POST', `/api/v1/notes/${first.id}/transition`, { to: 'published' });
    expect(Note.parse((await writeNote(author, place, 'Second')).json()).state).toBe('published');

    const premoderated = await call(moderator, 'PATCH', `/api/v1/categories/${category.id}`, {
      notes: 'premoderated',
    });
    expect(premoderated.statusCode, premoderated.body).toBe(200);
    expect(Category.parse(premoderated.json())).toMatchObject({ notes: 'premoderated', slug: 'fountains' });
    expect(Note.parse((await writeNote(author, place, 'Third')).json()).state).toBe('pending');

    await call(moderator, 'PATCH', `/api/v1/categories/${category.id}`, { notes: 'off' });
    expect((await writeNote(author, place, 'Fourth')).statusCode).toBe(403);
  });

  it('is changed by moderators only, and only to a known setting', async () => {
    const category = Category.parse(
      (
        await call(moderator, 'POST', '/api/v1/categories', {
          slug: 'benches',
          name: { en: 'Benches' },
          color: '#0369a1',
          icon: 'tree',
        })
      ).json(),
    );
    const url = `/api/v1/categories/${category.id}`;
    expect((await call(author, 'PATCH', url, { notes: 'off' })).statusCode).toBe(403);
    expect((await call(moderator, 'PATCH', url, { notes: 'sometimes' })).statusCode).toBe(400);
    const { rows } = await t.database.query<{ notes: string }>('SELECT notes FROM categories WHERE id = $1', [
      category.id,
    ]);
    expect(rows[0]?.notes).toBe('postmoderated');
  });
});
