import { ErrorBody, Note, NoteList } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, signedInUser } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.skipIf(!databaseAvailable)(`notes on places (${dbKind})`, () => {
  let t: TestApp;
  let categoryId: number;
  let place: number;
  let coarse: number;
  let author: User;
  let moderator: User;

  const write = (user: User | null, placeId: number, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/places/${placeId}/notes`,
      payload: body,
      remoteAddress: nextAddress(),
      headers: { ...(user?.headers ?? {}), origin: 'http://localhost' },
    });
  const list = async (placeId: number, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/places/${placeId}/notes${query}`,
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return NoteList.parse(response.json());
  };

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    const { rows } = await t.database.query<{ id: number }>(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('water', '{"en": "Water"}', '#0369a1', 'drop') RETURNING id`,
    );
    categoryId = rows[0]?.id ?? 0;
    place = await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      categoryId,
      name: 'Fontana',
    });
    coarse = await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      categoryId,
      name: 'Sigurna kuća',
      privacy: '1km',
    });
    author = await signedInUser(t.app);
    moderator = await signedInUser(t.app, 'moderator');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds an author’s first note for a moderator, then publishes the next at once, and lists only those published', async () => {
    const first = await write(author, place, { kind: 'comment', text: 'Voda je hladna.', language: 'hr' });
    expect(first.statusCode, first.body).toBe(201);
    expect(Note.parse(first.json())).toMatchObject({
      state: 'pending',
      kind: 'comment',
      effect: null,
      expiresAt: null,
    });
    expect((await list(place)).items).toEqual([]);

    await t.database.query(`UPDATE place_notes SET state = 'published' WHERE id = $1`, [first.json().id]);
    const second = await write(author, place, {
      kind: 'status',
      text: 'No water today',
      language: 'en',
      effect: 'closed_now',
    });
    expect(second.statusCode, second.body).toBe(201);
    const note = Note.parse(second.json());
    expect(note).toMatchObject({
      state: 'published',
      kind: 'status',
      effect: 'closed_now',
      authorName: 'A contributor',
    });
    // By default it ends with the day, in the site's time zone: within the next 24 hours.
    const left = Date.parse(note.expiresAt ?? '') - Date.now();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(25 * 3_600_000);
    expect((await list(place)).items.map((item) => item.text)).toEqual(['No water today', 'Voda je hladna.']);
  });

  it('publishes a moderator’s note at once, and pages newest first', async () => {
    for (const text of ['Red je dug.', 'Ponesite osobnu.', 'Otvoreno do 18.']) {
      const response = await write(moderator, place, { kind: 'comment', text, language: 'hr' });
      expect(Note.parse(response.json()).state).toBe('published');
    }
    const page = await list(place, '?limit=2');
    expect(page.items.map((item) => item.text)).toEqual(['Otvoreno do 18.', 'Ponesite osobnu.']);
    const next = await list(place, `?limit=2&before=${page.next}`);
    expect(next.items.map((item) => item.text)).toEqual(['Red je dug.', 'No water today']);
  });

  it('leaves an expired status note out of the list, and keeps it in the place’s history', async () => {
    const response = await write(moderator, place, { kind: 'status', text: 'Queue is long', language: 'en' });
    const id = Note.parse(response.json()).id;
    await t.database.query(`UPDATE place_notes SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
      id,
    ]);
    expect((await list(place)).items.map((item) => item.id)).not.toContain(id);
    const history = await list(place, '?ended=true');
    expect(history.items.map((item) => item.id)).toContain(id);
    // The history holds only ended status notes: comments last, and live notes are in the list.
    expect(
      history.items.every((item) => item.kind === 'status' && Date.parse(item.expiresAt ?? '') <= Date.now()),
    ).toBe(true);
  });

  it('never names the author on a place whose position is coarse', async () => {
    const response = await write(moderator, coarse, { kind: 'comment', text: 'Ring twice.', language: 'en' });
    expect(Note.parse(response.json()).authorName).toBeNull();
    expect((await list(coarse)).items[0]?.authorName).toBeNull();
  });

  it('refuses bad notes with a 400 naming the field, and writes nothing', async () => {
    const before = await t.database.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM place_notes',
    );
    const soon = new Date(Date.now() + 8 * 24 * 3_600_000).toISOString();
    for (const [body, path] of [
      [{ kind: 'status', text: 'x'.repeat(201), language: 'en' }, 'text'],
      [{ kind: 'comment', text: 'x'.repeat(1001), language: 'en' }, 'text'],
      [{ kind: 'comment', text: 'Hi', language: 'en', effect: 'limited' }, 'effect'],
      [{ kind: 'status', text: 'Hi', language: 'en', expiresAt: soon }, 'expiresAt'],
      [{ kind: 'status', text: 'Hi', language: 'en', expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
      [{ kind: 'status', text: '   ', language: 'en' }, 'text'],
    ] as const) {
      const response = await write(moderator, place, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = ErrorBody.parse(response.json()).error;
      expect(error.code).toBe('validation_error');
      expect(JSON.stringify(error.details)).toContain(path);
    }
    const after = await t.database.query<{ count: number }>('SELECT count(*)::int AS count FROM place_notes');
    expect(after.rows[0]?.count).toBe(before.rows[0]?.count);
  });

  it('refuses the same text on the same place again within a day, whatever its case and spacing', async () => {
    expect(
      (await write(moderator, place, { kind: 'comment', text: 'Bring a bottle.', language: 'en' }))
        .statusCode,
    ).toBe(201);
    const again = await write(moderator, place, {
      kind: 'comment',
      text: '  bring A bottle ',
      language: 'en',
    });
    expect(again.statusCode).toBe(409);
  });

  it('takes notes only on published places, only where the category takes them, and signed out only by e-mail', async () => {
    // Signed out, a note needs an address; and a site that sends no e-mail takes none that way.
    const anonymous = await write(null, place, { kind: 'comment', text: 'Anon', language: 'en' });
    expect(anonymous.statusCode).toBe(400);
    expect(JSON.stringify(ErrorBody.parse(anonymous.json()).error.details)).toContain('email');
    const byMail = await write(null, place, {
      kind: 'comment',
      text: 'Anon',
      language: 'en',
      email: 'a@b.hr',
    });
    expect(ErrorBody.parse(byMail.json()).error.code).toBe('mail_off');
    const pending = await insertPlace(t.database, { status: 'pending', authorId: null, categoryId });
    expect(
      (await write(moderator, pending, { kind: 'comment', text: 'Hidden', language: 'en' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/places/${pending}/notes` })).statusCode).toBe(
      404,
    );
    await t.database.query(`UPDATE categories SET notes = 'off' WHERE id = $1`, [categoryId]);
    try {
      expect(
        (await write(moderator, place, { kind: 'comment', text: 'Off', language: 'en' })).statusCode,
      ).toBe(403);
    } finally {
      await t.database.query(`UPDATE categories SET notes = 'postmoderated' WHERE id = $1`, [categoryId]);
    }
  });
  it('lets moderators publish a waiting note or hide one with a reason, and nobody else', async () => {
    const newcomer = await signedInUser(t.app);
    const written = Note.parse(
      (await write(newcomer, place, { kind: 'status', text: 'Tap fixed', language: 'en' })).json(),
    );
    expect(written.state).toBe('pending');
    const move = (user: User, id: number, body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/notes/${id}/transition`,
        payload: body,
        remoteAddress: nextAddress(),
        headers: { ...user.headers, origin: 'http://localhost' },
      });
    expect((await move(newcomer, written.id, { to: 'published' })).statusCode).toBe(403);
    const published = await move(moderator, written.id, { to: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    expect(Note.parse(published.json()).state).toBe('published');
    expect((await list(place)).items.map((item) => item.id)).toContain(written.id);
    // Hiding needs a reason; with one, the note leaves the list.
    const noReason = await move(moderator, written.id, { to: 'hidden' });
    expect(noReason.statusCode).toBe(400);
    const hidden = await move(moderator, written.id, { to: 'hidden', reason: 'Not about this place' });
    expect(Note.parse(hidden.json()).state).toBe('hidden');
    expect((await list(place)).items.map((item) => item.id)).not.toContain(written.id);
    // Hidden twice is no move at all; an unknown note is not found.
    expect((await move(moderator, written.id, { to: 'hidden', reason: 'Again' })).statusCode).toBe(422);
    expect((await move(moderator, 999_999, { to: 'published' })).statusCode).toBe(404);
  });
});
