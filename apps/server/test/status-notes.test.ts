import { Note, Place, PlaceList } from '@karta/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextAddress, signedInUser } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** A box around the fixtures (insertPlace puts them near 45.81, 15.97). */
const BOX = '15.9,45.7,16.2,46.0';

describe.skipIf(!databaseAvailable)(`place answers carry the current status note (${dbKind})`, () => {
  let t: TestApp;
  let categoryId: number;
  let silentCategoryId: number;
  let moderator: User;
  let author: User;

  const write = async (user: User, placeId: number, body: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/places/${placeId}/notes`,
      payload: body,
      remoteAddress: nextAddress(),
      headers: { ...user.headers, origin: 'http://localhost' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return Note.parse(response.json());
  };
  const read = async (placeId: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/places/${placeId}`,
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return Place.parse(response.json());
  };
  const list = async (query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/places?bbox=${BOX}&limit=100${query}`,
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return PlaceList.parse(response.json());
  };
  const newPlace = (options: Partial<Parameters<typeof insertPlace>[1]> = {}) =>
    insertPlace(t.database, { status: 'published', authorId: null, categoryId, ...options });

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    const { rows } = await t.database.query<{ id: number }>(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('water', '{"en": "Water"}', '#0369a1', 'drop') RETURNING id`,
    );
    categoryId = rows[0]?.id ?? 0;
    const { rows: silent } = await t.database.query<{ id: number }>(
      `INSERT INTO categories (slug, name, color, icon, notes) VALUES ('shelter', '{"en": "Shelter"}', '#7c3aed', 'home', 'off') RETURNING id`,
    );
    silentCategoryId = silent[0]?.id ?? 0;
    moderator = await signedInUser(t.app, 'moderator');
    author = await signedInUser(t.app);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the newest status note on the place and in lists, with the author on an exact place, and says whether the place takes notes', async () => {
    const place = await newPlace({ name: 'Fontana na trgu' });
    const quiet = await newPlace({ name: 'Fontana bez bilješki' });
    const silent = await newPlace({ name: 'Sklonište', categoryId: silentCategoryId });
    expect(await read(place)).toMatchObject({ statusNote: null, notesAllowed: true });
    expect(await read(silent)).toMatchObject({ statusNote: null, notesAllowed: false });

    await write(moderator, place, {
      kind: 'status',
      text: 'Queue is long',
      language: 'en',
      effect: 'limited',
    });
    // A comment is not a status note, however new.
    const newest = await write(moderator, place, {
      kind: 'status',
      text: 'No water today',
      language: 'en',
      effect: 'limited',
    });
    await write(moderator, place, { kind: 'comment', text: 'Cold water.', language: 'en' });

    const detail = await read(place);
    expect(detail.statusNote).toEqual({
      id: newest.id,
      text: 'No water today',
      effect: 'limited',
      createdAt: newest.createdAt,
      expiresAt: newest.expiresAt,
      authorName: newest.authorName,
    });
    expect(detail.statusNote?.authorName).toBeTruthy();
    const items = (await list('')).items;
    expect(items.find((item) => item.id === place)?.statusNote?.id).toBe(newest.id);
    expect(items.find((item) => item.id === quiet)?.statusNote).toBeNull();
    expect(items.find((item) => item.id === silent)?.notesAllowed).toBe(false);
  });

  it('drops a status note once it has ended (by the clock alone), leaving it in the table', async () => {
    const place = await newPlace({ name: 'Pumpa' });
    const writtenAt = new Date();
    const note = await write(moderator, place, {
      kind: 'status',
      text: 'Pump broken',
      language: 'en',
      effect: 'closed_now',
      expiresAt: new Date(writtenAt.getTime() + 3_600_000).toISOString(),
    });
    expect((await read(place)).statusNote?.id).toBe(note.id);

    // Only the clock moves on, a minute past the end: no job runs, nothing is written.
    vi.useFakeTimers({ toFake: ['Date'], now: writtenAt.getTime() + 3_660_000 });
    expect((await read(place)).statusNote).toBeNull();
    expect((await list('')).items.find((item) => item.id === place)?.statusNote).toBeNull();
    const { rows } = await t.database.query<{ state: string }>(
      'SELECT state FROM place_notes WHERE id = $1',
      [note.id],
    );
    expect(rows).toEqual([{ state: 'published' }]);
  });

  it('keeps a place reported closed among those open now, marked, with its hours’ state unchanged', async () => {
    const place = await newPlace({ name: 'Javna česma', openingHours: '24/7' });
    await write(moderator, place, {
      kind: 'status',
      text: 'Closed for repairs',
      language: 'en',
      effect: 'closed_now',
    });

    const detail = await read(place);
    expect(detail.openState.state).toBe('open');
    expect(detail.statusNote?.effect).toBe('closed_now');
    const open = (await list('&openNow=true')).items.find((item) => item.id === place);
    expect(open?.openState.state).toBe('open');
    expect(open?.statusNote?.effect).toBe('closed_now');
  });

  it('counts a published "as usual" note as a confirmation, at once or when a moderator publishes it', async () => {
    const place = await newPlace({ name: 'Stara fontana' });
    await t.database.query(
      `UPDATE places SET last_confirmed_at = now() - interval '400 days' WHERE id = $1`,
      [place],
    );
    expect((await read(place)).stale).toBe(true);

    // The author's first note waits: nothing is confirmed yet.
    const first = await write(author, place, {
      kind: 'status',
      text: 'Works fine',
      language: 'en',
      effect: 'normal',
    });
    expect(first.state).toBe('pending');
    expect((await read(place)).stale).toBe(true);

    const published = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notes/${first.id}/transition`,
      payload: { to: 'published' },
      remoteAddress: nextAddress(),
      headers: { ...moderator.headers, origin: 'http://localhost' },
    });
    expect(published.statusCode, published.body).toBe(200);
    const confirmed = await read(place);
    expect(confirmed.stale).toBe(false);
    expect(Date.parse(confirmed.lastConfirmedAt)).toBe(Date.parse(first.createdAt));
    const { rows } = await t.database.query<{ still: boolean; user_id: number }>(
      'SELECT still, user_id FROM place_confirmations WHERE place_id = $1',
      [place],
    );
    expect(rows).toEqual([{ still: true, user_id: author.id }]);

    // Published at once now (the author's first note is published): confirmed at once.
    const other = await newPlace({ name: 'Druga fontana' });
    await t.database.query(
      `UPDATE places SET last_confirmed_at = now() - interval '400 days' WHERE id = $1`,
      [other],
    );
    await write(author, other, { kind: 'status', text: 'Fine today', language: 'en', effect: 'normal' });
    expect((await read(other)).stale).toBe(false);

    // Neither a closed report nor a comment confirms anything.
    const third = await newPlace({ name: 'Treća fontana' });
    await t.database.query(
      `UPDATE places SET last_confirmed_at = now() - interval '400 days' WHERE id = $1`,
      [third],
    );
    await write(author, third, { kind: 'status', text: 'Dry', language: 'en', effect: 'closed_now' });
    await write(author, third, { kind: 'comment', text: 'Nice spot', language: 'en' });
    expect((await read(third)).stale).toBe(true);
  });

  it('never names the author of a status note on a place whose position is coarse', async () => {
    const place = await newPlace({ name: 'Sigurna kuća', privacy: '1km' });
    await write(moderator, place, {
      kind: 'status',
      text: 'Full tonight',
      language: 'en',
      effect: 'limited',
    });
    expect((await read(place)).statusNote).toMatchObject({ text: 'Full tonight', authorName: null });
    const item = (await list('')).items.find((entry) => entry.id === place);
    expect(item?.statusNote?.authorName).toBeNull();
  });
});
