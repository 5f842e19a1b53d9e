import { ConfirmedNote, ErrorBody, Note, NoteAccepted, NoteList } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, postJson, signedInUser, uniqueEmail } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import {
  mailEnv,
  type ReceivedMail,
  type SmtpTestServer,
  startSmtpTestServer,
} from './support/smtp-test-server.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

const CONFIRM_PREFIX = 'http://karta.example.org/notes/confirm?token=';

function confirmLinkIn(mail: ReceivedMail): string {
  const link = (mail.parsed.text ?? '').split(/\s+/).find((word) => word.startsWith(CONFIRM_PREFIX));
  if (!link) throw new Error(`no confirmation link in: ${mail.parsed.text}`);
  return link;
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe.skipIf(!databaseAvailable)(`notes from signed-out authors, confirmed by e-mail (${dbKind})`, () => {
  let smtp: SmtpTestServer;
  let t: TestApp;
  let moderator: User;
  let categoryId: number;
  let place: number;

  const write = (placeId: number, body: object, user: User | null = null) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/places/${placeId}/notes`,
      payload: body,
      remoteAddress: nextAddress(),
      headers: { ...(user?.headers ?? {}) },
    });
  const confirm = (token: string) => postJson(t.app, '/api/v1/notes/confirm', { token });
  const move = (id: number, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/notes/${id}/transition`,
      payload: body,
      remoteAddress: nextAddress(),
      headers: { ...moderator.headers },
    });
  const listed = async (placeId: number) =>
    NoteList.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/places/${placeId}/notes`,
          remoteAddress: nextAddress(),
        })
      ).json(),
    ).items.map((note) => note.text);
  const confirmationTo = (email: string) =>
    smtp.waitForMatch(email, (mail) => mail.messageId.startsWith('<note-confirm.'));
  const decisionTo = (email: string, decision: 'published' | 'hidden') =>
    smtp.waitForMatch(
      email,
      (mail) => mail.messageId.startsWith('<note-decision.') && mail.messageId.includes(`.${decision}.`),
    );

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({ demo: false, env: mailEnv(smtp), jobs: { pollMs: 100 } });
    moderator = await signedInUser(t.app, 'moderator');
    const { rows } = await t.database.query<{ id: number }>(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('water', '{"en": "Water", "hr": "Voda"}', '#0369a1', 'drop') RETURNING id`,
    );
    categoryId = rows[0]?.id ?? 0;
    place = await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      categoryId,
      name: { hr: 'Fontana na trgu', en: 'Fountain on the square' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('keeps a signed-out note unseen until its e-mailed link confirms it, then a moderator’s decision reaches the author', async () => {
    const email = uniqueEmail('walker');
    const response = await write(place, {
      kind: 'comment',
      text: 'Voda je hladna i pitka.',
      language: 'hr',
      email,
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(NoteAccepted.parse(response.json())).toEqual({ state: 'unconfirmed' });
    // Nothing about the address in the answer, nothing in the list.
    expect(response.body).not.toContain(email);
    expect(await listed(place)).toEqual([]);
    const { rows } = await t.database.query<{ id: number; state: string; email_key: string; hash: string }>(
      'SELECT id, state, email_key, confirm_token_hash AS hash FROM place_notes WHERE email = $1',
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'unconfirmed', email_key: email.toLowerCase() });
    expect(rows[0]?.hash).toMatch(/^[0-9a-f]{64}$/);

    // The mail is in the note's language, quotes it, and carries the link.
    const mail = await confirmationTo(email);
    expect(mail.parsed.subject).toBe('Potvrdite svoju bilješku o mjestu Fontana na trgu');
    expect(mail.parsed.text).toContain('„Voda je hladna i pitka.“');
    const token = tokenOf(confirmLinkIn(mail));
    expect(token).toHaveLength(43);
    // Only the token's hash is kept.
    expect(
      JSON.stringify(await t.database.query('SELECT * FROM place_notes WHERE id = $1', [rows[0]?.id])),
    ).not.toContain(token);

    // A first note from the address waits for a moderator, even where the category publishes at once.
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const note = ConfirmedNote.parse(confirmed.json());
    expect(note).toMatchObject({
      state: 'pending',
      placeId: place,
      authorName: null,
      text: 'Voda je hladna i pitka.',
    });
    expect(confirmed.body).not.toContain(email);
    expect(await listed(place)).toEqual([]);

    // The link works once.
    const again = await confirm(token);
    expect(again.statusCode).toBe(404);
    expect(ErrorBody.parse(again.json()).error.code).toBe('not_found');

    // Published by a moderator: the author hears of it, in the note's language.
    expect((await move(note.id, { to: 'published' })).statusCode).toBe(200);
    const published = await decisionTo(email, 'published');
    expect(published.parsed.subject).toBe('Vaša bilješka je objavljena: Fontana na trgu');
    expect(published.parsed.text).toContain('http://karta.example.org/places/');
    expect(await listed(place)).toEqual(['Voda je hladna i pitka.']);

    // Hidden later: told again, with the reason.
    expect((await move(note.id, { to: 'hidden', reason: 'Zastarjelo' })).statusCode).toBe(200);
    const hidden = await decisionTo(email, 'hidden');
    expect(hidden.parsed.subject).toBe('Vaša bilješka je skrivena: Fontana na trgu');
    expect(hidden.parsed.text).toContain('Razlog: Zastarjelo');
  });

  it('publishes a confirmed address’s later notes at once where the category says so, and holds them where it premoderates', async () => {
    const email = uniqueEmail('regular');
    const first = async (text: string) => {
      expect((await write(place, { kind: 'comment', text, language: 'en', email })).statusCode).toBe(202);
      const mail = await smtp.waitForMatch(
        email,
        (item) => item.messageId.startsWith('<note-confirm.') && (item.parsed.text ?? '').includes(text),
      );
      expect(mail.parsed.subject).toBe('Confirm your note on Fountain on the square');
      return ConfirmedNote.parse((await confirm(tokenOf(confirmLinkIn(mail)))).json());
    };
    const opening = await first('Cold water, all day.');
    expect(opening.state).toBe('pending');
    expect((await move(opening.id, { to: 'published' })).statusCode).toBe(200);
    expect((await first('Queue at noon.')).state).toBe('published');
    await t.database.query(`UPDATE categories SET notes = 'premoderated' WHERE id = $1`, [categoryId]);
    try {
      expect((await first('Closed for cleaning on Monday.')).state).toBe('pending');
    } finally {
      await t.database.query(`UPDATE categories SET notes = 'postmoderated' WHERE id = $1`, [categoryId]);
    }
  });

  it('tells a signed-in author of a hidden note, with the reason and an unsubscribe link', async () => {
    const author = await signedInUser(t.app);
    await t.database.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [author.id]);
    const written = Note.parse(
      (await write(place, { kind: 'comment', text: 'Tap drips.', language: 'en' }, author)).json(),
    );
    expect(written.state).toBe('pending');
    expect((await move(written.id, { to: 'hidden', reason: 'Not about this place' })).statusCode).toBe(200);
    const mail = await smtp.waitForMatch(author.email, (item) =>
      item.messageId.startsWith('<note-decision.'),
    );
    expect(mail.parsed.subject).toBe('Your note was hidden: Fountain on the square');
    expect(mail.parsed.text).toContain('Their reason: Not about this place');
    expect(mail.parsed.text).toContain('http://karta.example.org/unsubscribe?token=');
  });

  it('refuses unknown and expired links, and the tidy job deletes unconfirmed notes past their week', async () => {
    expect((await confirm('A'.repeat(43))).statusCode).toBe(404);
    expect((await confirm('short')).statusCode).toBe(400);
    const email = uniqueEmail('late');
    expect(
      (await write(place, { kind: 'comment', text: 'Late note.', language: 'en', email })).statusCode,
    ).toBe(202);
    const token = tokenOf(confirmLinkIn(await confirmationTo(email)));
    await t.database.query(`UPDATE place_notes SET created_at = now() - interval '8 days' WHERE email = $1`, [
      email,
    ]);
    expect((await confirm(token)).statusCode).toBe(404);
    await t.app.notes.tidy();
    const { rows } = await t.database.query('SELECT 1 FROM place_notes WHERE email = $1', [email]);
    expect(rows).toEqual([]);
  });

  it('asks a signed-out author for an address, naming the field', async () => {
    const response = await write(place, { kind: 'comment', text: 'No address', language: 'en' });
    expect(response.statusCode).toBe(400);
    const error = ErrorBody.parse(response.json()).error;
    expect(error.code).toBe('validation_error');
    expect(error.details).toEqual([expect.objectContaining({ path: 'email', code: 'required' })]);
  });
});
