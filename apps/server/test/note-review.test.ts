import { ErrorBody, Flag, FlagList, FlagReceipt, Note, NoteList, PendingNoteList } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, postJson, signedInUser } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.skipIf(!databaseAvailable)(
  `notes in the moderators' queue, and reports on notes (${dbKind})`,
  () => {
    let t: TestApp;
    let categoryId: number;
    let moderator: User;

    const get = (url: string, user?: User) =>
      t.app.inject({ method: 'GET', url, remoteAddress: nextAddress(), headers: user?.headers ?? {} });
    const write = async (user: User, placeId: number, text: string) => {
      const response = await postJson(
        t.app,
        `/api/v1/places/${placeId}/notes`,
        { kind: 'comment', text, language: 'en' },
        { headers: user.headers, remoteAddress: nextAddress() },
      );
      expect(response.statusCode, response.body).toBe(201);
      return Note.parse(response.json());
    };
    const pending = async (query = '') => {
      const response = await get(`/api/v1/notes/pending${query}`, moderator);
      expect(response.statusCode, response.body).toBe(200);
      return PendingNoteList.parse(response.json());
    };

    beforeAll(async () => {
      t = await startTestApp({ demo: false });
      const { rows } = await t.database.query<{ id: number }>(
        `INSERT INTO categories (slug, name, color, icon) VALUES ('water', '{"en": "Water"}', '#0369a1', 'droplet') RETURNING id`,
      );
      categoryId = rows[0]?.id ?? 0;
      moderator = await signedInUser(t.app, 'moderator');
    });
    afterAll(async () => {
      await t?.close();
    });

    it('lists waiting notes oldest first for moderators, with their place and author, page by page', async () => {
      const place = await insertPlace(t.database, {
        status: 'published',
        authorId: null,
        categoryId,
        name: 'Tap',
      });
      const hidden = await insertPlace(t.database, {
        status: 'published',
        authorId: null,
        categoryId,
        name: 'Shelter',
        privacy: '1km',
      });
      const authors = [await signedInUser(t.app), await signedInUser(t.app), await signedInUser(t.app)];
      const [first, second, third] = [
        await write(authors[0] as User, place, 'Cold water.'),
        await write(authors[1] as User, hidden, 'Ring twice.'),
        await write(authors[2] as User, place, 'Long queue.'),
      ];
      expect([first?.state, second?.state, third?.state]).toEqual(['pending', 'pending', 'pending']);

      const page = await pending('?limit=2');
      expect(page.total).toBe(3);
      expect(page.items.map((item) => item.text)).toEqual(['Cold water.', 'Ring twice.']);
      // Moderators see who wrote it even on a coarse place; readers never do (see notes.test.ts).
      expect(page.items[1]).toMatchObject({
        place: { id: hidden, name: { en: 'Shelter' } },
        author: { displayName: 'A contributor' },
      });
      const next = await pending(`?limit=2&after=${page.next}`);
      expect(next.items.map((item) => item.text)).toEqual(['Long queue.']);
      expect(next.next).toBeNull();

      // Decided, a note leaves the queue.
      const published = await postJson(
        t.app,
        `/api/v1/notes/${first?.id}/transition`,
        { to: 'published' },
        { headers: moderator.headers },
      );
      expect(published.statusCode, published.body).toBe(200);
      expect((await pending()).items.map((item) => item.id)).not.toContain(first?.id);

      expect((await get('/api/v1/notes/pending', authors[0])).statusCode).toBe(403);
      expect((await get('/api/v1/notes/pending')).statusCode).toBe(401);
    });

    it('takes reports on published notes from anyone, lists them with the note, and hides the note when fixed', async () => {
      const place = await insertPlace(t.database, {
        status: 'published',
        authorId: null,
        categoryId,
        name: 'Well',
      });
      const note = await write(moderator, place, 'Cheap watches at example dot com');
      const reported = await postJson(
        t.app,
        `/api/v1/notes/${note.id}/flags`,
        { reason: 'spam' },
        { remoteAddress: nextAddress() },
      );
      expect(reported.statusCode, reported.body).toBe(201);
      const receipt = FlagReceipt.parse(reported.json());
      expect(receipt).toMatchObject({ placeId: place, noteId: note.id, photoId: null, reason: 'spam' });

      // A reason of places or photos is not one of notes; an unknown note is not found.
      const wrong = await postJson(
        t.app,
        `/api/v1/notes/${note.id}/flags`,
        { reason: 'duplicate' },
        { remoteAddress: nextAddress() },
      );
      expect(wrong.statusCode).toBe(400);
      expect(ErrorBody.parse(wrong.json()).error.code).toBe('validation_error');
      expect(
        (
          await postJson(
            t.app,
            '/api/v1/notes/999999/flags',
            { reason: 'spam' },
            { remoteAddress: nextAddress() },
          )
        ).statusCode,
      ).toBe(404);

      const flags = FlagList.parse((await get('/api/v1/flags', moderator)).json()).items;
      const listed = flags.find((flag) => flag.id === receipt.id);
      expect(listed?.note).toEqual({
        id: note.id,
        text: 'Cheap watches at example dot com',
        state: 'published',
      });

      const resolved = await postJson(
        t.app,
        `/api/v1/flags/${receipt.id}/resolve`,
        { resolution: 'fixed' },
        { headers: moderator.headers },
      );
      expect(resolved.statusCode, resolved.body).toBe(200);
      expect(Flag.parse(resolved.json()).note?.state).toBe('hidden');
      const list = NoteList.parse((await get(`/api/v1/places/${place}/notes`)).json());
      expect(list.items.map((item) => item.id)).not.toContain(note.id);
      const { rows } = await t.database.query<{ hidden_reason: string }>(
        'SELECT hidden_reason FROM place_notes WHERE id = $1',
        [note.id],
      );
      expect(rows[0]?.hidden_reason).toBe('spam');
      // A hidden note takes no more reports.
      expect(
        (
          await postJson(
            t.app,
            `/api/v1/notes/${note.id}/flags`,
            { reason: 'offensive' },
            { remoteAddress: nextAddress() },
          )
        ).statusCode,
      ).toBe(404);
    });

    it('keeps a dismissed report’s note as it is', async () => {
      const place = await insertPlace(t.database, {
        status: 'published',
        authorId: null,
        categoryId,
        name: 'Pump',
      });
      const note = await write(moderator, place, 'Handle is stiff.');
      const receipt = FlagReceipt.parse(
        (
          await postJson(
            t.app,
            `/api/v1/notes/${note.id}/flags`,
            { reason: 'wrong_information' },
            { remoteAddress: nextAddress() },
          )
        ).json(),
      );
      await postJson(
        t.app,
        `/api/v1/flags/${receipt.id}/resolve`,
        { resolution: 'dismissed' },
        { headers: moderator.headers },
      );
      const list = NoteList.parse((await get(`/api/v1/places/${place}/notes`)).json());
      expect(list.items.map((item) => item.id)).toContain(note.id);
    });

    it('puts waiting notes and reports on notes in the moderators’ private feed', async () => {
      const place = await insertPlace(t.database, {
        status: 'published',
        authorId: null,
        categoryId,
        name: 'Fountain',
      });
      const newcomer = await signedInUser(t.app);
      await write(newcomer, place, 'Water tastes odd.');
      const note = await write(moderator, place, 'Closed Sundays.');
      await postJson(
        t.app,
        `/api/v1/notes/${note.id}/flags`,
        { reason: 'offensive' },
        { remoteAddress: nextAddress() },
      );
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/feeds/review-token',
        remoteAddress: nextAddress(),
        headers: moderator.headers,
      });
      const { url } = created.json() as { url: string };
      const feed = await get(new URL(url).pathname + new URL(url).search);
      expect(feed.statusCode, feed.body).toBe(200);
      expect(feed.body).toContain('New note on Fountain');
      expect(feed.body).toContain('Report on a note on Fountain: offensive');
      // Only what waits and where: never the note's text.
      expect(feed.body).not.toContain('Water tastes odd.');
    });
  },
);
