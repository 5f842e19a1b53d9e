import { BlockedSender, BlockedSenderList, ErrorBody, Note } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_LIMITS } from '../src/notes/note-limits.ts';
import { MAX_UNCONFIRMED_NOTES_PER_ADDRESS } from '../src/notes/note-repository.ts';
import { nextAddress, signedInUser, uniqueEmail } from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import { mailEnv, type SmtpTestServer, startSmtpTestServer } from './support/smtp-test-server.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.skipIf(!databaseAvailable)(`spam and abuse rules for notes (${dbKind})`, () => {
  let smtp: SmtpTestServer;
  let t: TestApp;
  let admin: User;
  let moderator: User;
  let author: User;
  let categoryId: number;
  let place: number;

  const write = (placeId: number, body: object, options: { user?: User; from?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/places/${placeId}/notes`,
      payload: body,
      remoteAddress: options.from ?? nextAddress(),
      headers: options.user?.headers ?? {},
    });
  const call = (user: User, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, remoteAddress: nextAddress(), headers: user.headers });
  const noteCount = async () =>
    (await t.database.query<{ count: number }>('SELECT count(*)::int AS count FROM place_notes')).rows[0]
      ?.count;
  const outboxCount = async () =>
    (await t.database.query<{ count: number }>('SELECT count(*)::int AS count FROM mail_outbox')).rows[0]
      ?.count;
  /** Asserts that `send` is refused with `status` and `code`, and writes neither a note nor a mail. */
  async function refusedWithNothingWritten(
    send: () => ReturnType<typeof write>,
    status: number,
    code: string,
  ) {
    const [notes, mails] = [await noteCount(), await outboxCount()];
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    expect(ErrorBody.parse(response.json()).error.code).toBe(code);
    expect([await noteCount(), await outboxCount()]).toEqual([notes, mails]);
    return response;
  }
  const newPlace = () => insertPlace(t.database, { status: 'published', authorId: null, categoryId });
  /** Notes written before, straight into the table: `count` of them, `minutesAgo`. */
  async function earlierNotes(count: number, who: { placeId: number; authorId?: number; email?: string }) {
    for (let i = 0; i < count; i++) {
      await t.database.query(
        `INSERT INTO place_notes (place_id, kind, text, language, state, author_id, text_key, email, email_key, created_at)
         VALUES ($1, 'comment', $2, 'en', 'hidden', $3, $2, $4, lower($4), now() - interval '5 minutes')`,
        [who.placeId, `earlier ${i}`, who.authorId ?? null, who.email ?? null],
      );
    }
  }

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({ demo: false, env: mailEnv(smtp), jobs: { pollMs: 100 } });
    admin = await signedInUser(t.app, 'admin');
    moderator = await signedInUser(t.app, 'moderator');
    author = await signedInUser(t.app);
    const { rows } = await t.database.query<{ id: number }>(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('water', '{"en": "Water"}', '#0369a1', 'drop') RETURNING id`,
    );
    categoryId = rows[0]?.id ?? 0;
    place = await newPlace();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('refuses links from signed-out authors, and takes Croatian abbreviations and times as text', async () => {
    for (const text of ['Jeftino na www.primjer.hr', 'See https://spam.example.com', 'kupi-odmah.xyz']) {
      await refusedWithNothingWritten(
        () => write(place, { kind: 'comment', text, language: 'hr', email: uniqueEmail('linker') }),
        400,
        'links_not_allowed',
      );
    }
    const plain = await write(place, {
      kind: 'comment',
      text: 'Radno vrijeme pon.-pet. 8.30-16 h, npr. ponesite bocu.',
      language: 'hr',
      email: uniqueEmail('plain'),
    });
    expect(plain.statusCode, plain.body).toBe(202);
    // A signed-in author may link.
    const linked = await write(
      place,
      { kind: 'comment', text: 'Info: www.voda.hr', language: 'hr' },
      { user: author },
    );
    expect(linked.statusCode, linked.body).toBe(201);
  });

  it('answers a filled-in honeypot as if the note were taken, and writes and sends nothing', async () => {
    const [notes, mails] = [await noteCount(), await outboxCount()];
    const email = uniqueEmail('bot');
    const bot = await write(place, {
      kind: 'comment',
      text: 'Great place',
      language: 'en',
      email,
      website: 'http://spam.example',
    });
    expect(bot.statusCode).toBe(202);
    expect(bot.json()).toEqual({ state: 'unconfirmed' });
    const signedInBot = await write(
      place,
      { kind: 'comment', text: 'Great place', language: 'en', website: 'x' },
      { user: author },
    );
    expect(signedInBot.statusCode).toBe(202);
    expect(signedInBot.json()).toEqual({ state: 'unconfirmed' });
    expect([await noteCount(), await outboxCount()]).toEqual([notes, mails]);
    await new Promise((done) => setTimeout(done, 300));
    expect(smtp.to(email)).toEqual([]);
  });

  it('lets admins block an address or a domain, which refuses notes from it, and nobody else', async () => {
    const blocked = uniqueEmail('spammer');
    expect((await call(moderator, 'GET', '/api/v1/admin/blocked-senders')).statusCode).toBe(403);
    expect((await call(author, 'POST', '/api/v1/admin/blocked-senders', { value: 'x.hr' })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/blocked-senders' })).statusCode).toBe(
      401,
    );

    const address = await call(admin, 'POST', '/api/v1/admin/blocked-senders', {
      value: ` ${blocked.toUpperCase()} `,
    });
    expect(address.statusCode, address.body).toBe(201);
    expect(BlockedSender.parse(address.json())).toMatchObject({
      kind: 'address',
      value: blocked.toLowerCase(),
    });
    const domain = BlockedSender.parse(
      (await call(admin, 'POST', '/api/v1/admin/blocked-senders', { value: '@Spam-Farm.example' })).json(),
    );
    expect(domain).toMatchObject({ kind: 'domain', value: 'spam-farm.example' });
    // Blocking it again answers the same entry.
    const again = await call(admin, 'POST', '/api/v1/admin/blocked-senders', { value: 'spam-farm.example' });
    expect(BlockedSender.parse(again.json()).id).toBe(domain.id);
    for (const value of ['not an address', 'a@', '@', 'x@y', 'bad..hr']) {
      const bad = await call(admin, 'POST', '/api/v1/admin/blocked-senders', { value });
      expect(bad.statusCode, value).toBe(400);
    }
    const list = BlockedSenderList.parse((await call(admin, 'GET', '/api/v1/admin/blocked-senders')).json());
    expect(list.items.map((item) => item.value)).toEqual(['spam-farm.example', blocked.toLowerCase()]);

    for (const email of [blocked, 'ana@spam-farm.example', 'ana@mail.SPAM-FARM.example']) {
      await refusedWithNothingWritten(
        () => write(place, { kind: 'comment', text: 'Hello', language: 'en', email }),
        403,
        'sender_blocked',
      );
    }
    // An account whose address is blocked is refused too.
    const account = await signedInUser(t.app);
    const entry = BlockedSender.parse(
      (await call(admin, 'POST', '/api/v1/admin/blocked-senders', { value: account.email })).json(),
    );
    await refusedWithNothingWritten(
      () => write(place, { kind: 'comment', text: 'Hello', language: 'en' }, { user: account }),
      403,
      'sender_blocked',
    );
    // Unblocked, it may write again; an unknown entry is not found.
    expect((await call(admin, 'DELETE', `/api/v1/admin/blocked-senders/${entry.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/api/v1/admin/blocked-senders/${entry.id}`)).statusCode).toBe(404);
    expect(
      (await write(place, { kind: 'comment', text: 'Hello', language: 'en' }, { user: account })).statusCode,
    ).toBe(201);
  });

  it('refuses a signed-out author’s repeat of the same text on the same place within a day', async () => {
    const email = uniqueEmail('repeater');
    expect(
      (await write(place, { kind: 'comment', text: 'Bring a cup.', language: 'en', email })).statusCode,
    ).toBe(202);
    await refusedWithNothingWritten(
      () =>
        write(place, {
          kind: 'comment',
          text: '  bring A CUP. ',
          language: 'en',
          email: email.toUpperCase(),
        }),
      409,
      'conflict',
    );
  });

  it('mails an address at most a few unconfirmed notes a week, answering the same past that', async () => {
    const email = uniqueEmail('victim');
    for (let i = 0; i < MAX_UNCONFIRMED_NOTES_PER_ADDRESS; i++) {
      expect(
        (await write(place, { kind: 'comment', text: `Note ${i}`, language: 'en', email })).statusCode,
      ).toBe(202);
    }
    const [notes, mails] = [await noteCount(), await outboxCount()];
    const more = await write(place, { kind: 'comment', text: 'One more', language: 'en', email });
    expect(more.statusCode).toBe(202);
    expect(more.json()).toEqual({ state: 'unconfirmed' });
    expect([await noteCount(), await outboxCount()]).toEqual([notes, mails]);
  });

  it('limits the notes of one client address, one signed-out address, one account and one place', async () => {
    // One client address: signed out, ten an hour.
    const from = nextAddress();
    const spot = await newPlace();
    for (let i = 0; i < 10; i++) {
      const ok = await write(
        spot,
        { kind: 'comment', text: `From one address ${i}`, language: 'en', email: uniqueEmail('ip') },
        { from },
      );
      expect(ok.statusCode, ok.body).toBe(202);
    }
    const past = await refusedWithNothingWritten(
      () =>
        write(
          spot,
          { kind: 'comment', text: 'Eleventh', language: 'en', email: uniqueEmail('ip') },
          { from },
        ),
      429,
      'rate_limited',
    );
    expect(Number(past.headers['retry-after'])).toBeGreaterThan(0);

    // One signed-out address a day, whatever client it writes from.
    const email = uniqueEmail('busy');
    await earlierNotes(NOTE_LIMITS.perAddress.max, { placeId: await newPlace(), email });
    const elsewhere = await newPlace();
    await refusedWithNothingWritten(
      () => write(elsewhere, { kind: 'comment', text: 'Again', language: 'en', email }),
      429,
      'rate_limited',
    );

    // One account a day; moderators are not counted.
    const busy = await signedInUser(t.app);
    await earlierNotes(NOTE_LIMITS.perAccount.max, { placeId: await newPlace(), authorId: busy.id });
    const refused = await refusedWithNothingWritten(
      () => write(place, { kind: 'comment', text: 'Thirty-first', language: 'en' }, { user: busy }),
      429,
      'rate_limited',
    );
    // The day's window opens again when the oldest of them is a day old: about 23 h 55 min.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    await earlierNotes(NOTE_LIMITS.perAccount.max, { placeId: await newPlace(), authorId: moderator.id });
    expect(
      (await write(place, { kind: 'comment', text: 'Moderator', language: 'en' }, { user: moderator }))
        .statusCode,
    ).toBe(201);

    // One place an hour, by everyone.
    const crowded = await newPlace();
    await earlierNotes(NOTE_LIMITS.perPlace.max, { placeId: crowded });
    await refusedWithNothingWritten(
      () => write(crowded, { kind: 'comment', text: 'Crowded', language: 'en' }, { user: author }),
      429,
      'rate_limited',
    );
    const quiet = await write(
      await newPlace(),
      { kind: 'comment', text: 'Quiet', language: 'en' },
      { user: author },
    );
    expect(quiet.statusCode, quiet.body).toBe(201);
    expect(Note.parse(quiet.json()).text).toBe('Quiet');
  });
});
