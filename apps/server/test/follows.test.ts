import { ErrorBody, Follow, FollowList, OwnPlace } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOWS_PER_BATCH, writeDueFollowDigests } from '../src/follows/follow-digests.ts';
import { nextAddress, postJson, signedInUser, uniqueEmail } from './support/auth.ts';
import {
  mailEnv,
  type ReceivedMail,
  rawHeader,
  type SmtpTestServer,
  startSmtpTestServer,
} from './support/smtp-test-server.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** A box far from the demo data, so the digests hold only what these tests change. */
const AREA = { west: 17.1, south: 44.1, east: 17.3, north: 44.3 };

function linkIn(mail: ReceivedMail | undefined, prefix: string): string {
  const link = (mail?.parsed.text ?? '').split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no ${prefix} link in: ${mail?.parsed.text}`);
  return link;
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe.skipIf(!databaseAvailable)(`following areas and spots by e-mail (${dbKind})`, () => {
  let smtp: SmtpTestServer;
  let t: TestApp;
  let moderator: User;
  let categoryId: number;

  const follow = (body: Record<string, unknown>) =>
    postJson(t.app, '/api/v1/follows', { frequency: 'daily', ...body }, { remoteAddress: nextAddress() });
  const confirmationOf = (email: string) =>
    smtp.waitForMatch(email, (mail) => mail.messageId.startsWith('<follow-confirm.'));
  async function confirmedFollow(
    body: Record<string, unknown>,
  ): Promise<{ follow: Follow; mail: ReceivedMail }> {
    const email = body.email as string;
    expect((await follow(body)).statusCode).toBe(204);
    const mail = await confirmationOf(email);
    const link = linkIn(mail, 'http://karta.example.org/follows/confirm?token=');
    const confirmed = await postJson(t.app, '/api/v1/follows/confirm', { token: tokenOf(link) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { follow: Follow.parse(confirmed.json()), mail };
  }
  /** A place published by the moderator (as an import or a check would leave it). */
  async function published(
    name: string,
    at: { lat: number; lng: number },
    extra: Record<string, unknown> = {},
  ) {
    const created = await postJson(
      t.app,
      '/api/v1/places',
      { categoryId, name: { en: name }, ...at, ...extra },
      { headers: moderator.headers },
    );
    expect(created.statusCode, created.body).toBe(201);
    const place = OwnPlace.parse(created.json());
    const moved = await postJson(
      t.app,
      `/api/v1/places/${place.id}/transition`,
      { to: 'published', version: place.version },
      { headers: moderator.headers },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    return OwnPlace.parse(moved.json());
  }
  /** Makes a follow's digest due, as a day after its last one. */
  const makeDue = (id: number, hoursAgo = 25) =>
    t.database.query(
      `UPDATE follows SET digest_until = digest_until - make_interval(hours => $2) WHERE id = $1`,
      [id, hoursAgo],
    );
  const digestsTo = (email: string) =>
    smtp.to(email).filter((mail) => mail.messageId.startsWith('<follow-digest.'));
  const run = () => writeDueFollowDigests(t.database, t.app.mailer, 'en');

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({ env: mailEnv(smtp), jobs: { pollMs: 100 } });
    moderator = await signedInUser(t.app, 'moderator');
    await t.database.query(`UPDATE users SET review_mail = 'off' WHERE id = $1`, [moderator.id]);
    categoryId = (await t.database.query<{ id: number }>('SELECT id FROM categories ORDER BY id LIMIT 1'))
      .rows[0]?.id as number;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('sends only a confirmation until it is confirmed, then a digest of public changes in the area', async () => {
    const email = uniqueEmail('follower');
    expect((await follow({ email, bbox: AREA, language: 'hr' })).statusCode).toBe(204);
    const confirmation = await confirmationOf(email);
    expect(confirmation.parsed.subject).toBe('Potvrdite praćenje na Karta Test');
    expect(confirmation.parsed.text).toContain('44.1000, 17.1000');
    const confirmLink = linkIn(confirmation, 'http://karta.example.org/follows/confirm?token=');
    expect(confirmLink).not.toContain(encodeURIComponent(email));

    // Unconfirmed: whatever changes, nothing is sent.
    const { rows } = await t.database.query<{ id: number }>('SELECT id FROM follows WHERE email = $1', [
      email,
    ]);
    const id = Number(rows[0]?.id);
    await t.database.query(`UPDATE follows SET digest_until = now() - interval '2 days' WHERE id = $1`, [id]);
    const bench = await published('Lonely bench', { lat: 44.2, lng: 17.2 });
    expect(await run()).toBe(0);
    // As if it happened the day before the follow: the first digest starts at the confirmation.
    await t.database.query(
      `UPDATE place_history SET created_at = created_at - interval '30 hours' WHERE place_id = $1`,
      [bench.id],
    );

    const confirmed = await postJson(t.app, '/api/v1/follows/confirm', { token: tokenOf(confirmLink) });
    expect(Follow.parse(confirmed.json())).toMatchObject({ id, kind: 'area', confirmed: true, bbox: AREA });
    expect(
      (await postJson(t.app, '/api/v1/follows/confirm', { token: tokenOf(confirmLink) })).statusCode,
    ).toBe(404);

    // A day of changes: one added, one changed, one coarse, one still pending (never shown).
    const fountain = await published('Drinking fountain', { lat: 44.21, lng: 17.21 });
    await published('Quiet shelter', { lat: 44.2345678, lng: 17.2345678 }, { locationPrivacy: '1km' });
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/places/${fountain.id}`,
      headers: { ...moderator.headers, 'content-type': 'application/json' },
      payload: { version: fountain.version, address: 'Trg 1' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const author = await signedInUser(t.app);
    await postJson(
      t.app,
      '/api/v1/places',
      { categoryId, name: { en: 'Secret proposal' }, lat: 44.2, lng: 17.2 },
      {
        headers: author.headers,
      },
    );
    await makeDue(id);

    const [first, second] = await Promise.all([run(), run()]);
    expect(first + second).toBe(1);
    const digest = await smtp.waitForMatch(email, (mail) => mail.messageId.startsWith('<follow-digest.'));
    expect(digest.parsed.subject).toMatch(/^Karta Test: promjene gdje pratite \(\d+\)$/);
    const text = digest.parsed.text ?? '';
    expect(text).toContain(`Novo: Drinking fountain – http://karta.example.org/places/${fountain.id}`);
    expect(text).toContain('Promijenjeno: Drinking fountain');
    expect(text).toContain('Novo: Quiet shelter');
    expect(text).not.toContain('Secret proposal');
    expect(text).not.toContain('Lonely bench');
    // Neither the coarse place's exact position nor any place's position is in the digest.
    expect(text).not.toContain('44.2345678');
    expect(text).not.toContain('17.2345');
    expect(rawHeader(digest, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // Not due again for a day, and nothing twice.
    expect(await run()).toBe(0);
    await t.app.mailer.flush();
    expect(digestsTo(email)).toHaveLength(1);

    // Its unsubscribe link ends this follow.
    const unsubscribe = /^<([^>]+)>$/.exec(rawHeader(digest, 'List-Unsubscribe') ?? '')?.[1] ?? '';
    const oneClick = await t.app.inject({
      method: 'POST',
      url: unsubscribe.replace('http://karta.example.org', ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.json()).toEqual({ list: 'follow' });
    expect((await t.database.query('SELECT 1 FROM follows WHERE id = $1', [id])).rows).toHaveLength(0);
  });

  it('tells a spot’s follower when a place starts serving it, and no other', async () => {
    const email = uniqueEmail('spot');
    const spot = { lat: 44.25, lng: 17.15 };
    const { follow: followed } = await confirmedFollow({ email, point: spot, frequency: 'weekly' });
    expect(followed).toMatchObject({ kind: 'spot', point: spot, frequency: 'weekly' });
    await published('Mobile clinic', { lat: 44.252, lng: 17.152 }, { radius: 1000 });
    await published('Next-door kiosk', { lat: 44.2501, lng: 17.1501 });
    await makeDue(followed.id, 7 * 24 + 1);
    expect(await run()).toBe(1);
    const digest = await smtp.waitForMatch(email, (mail) => mail.messageId.startsWith('<follow-digest.'));
    expect(digest.parsed.text).toContain('New: Mobile clinic');
    expect(digest.parsed.text).not.toContain('Next-door kiosk');
  });

  it('lets an address see and end its follows from a link that names no address', async () => {
    const email = uniqueEmail('manager');
    const { follow: first, mail } = await confirmedFollow({ email, bbox: AREA, categories: ['pharmacy'] });
    expect((await follow({ email, point: { lat: 44.2, lng: 17.2 } })).statusCode).toBe(204);
    const manage = linkIn(mail, 'http://karta.example.org/follows?token=');
    const token = tokenOf(manage);
    const list = FollowList.parse((await t.app.inject(`/api/v1/follows?token=${token}`)).json()).items;
    expect(list.map((item) => [item.kind, item.confirmed])).toEqual([
      ['area', true],
      ['spot', false],
    ]);
    expect(JSON.stringify(list)).not.toContain(email);

    const end = (id: number, withToken = token) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/follows/${id}?token=${withToken}`,
        remoteAddress: nextAddress(),
      });
    expect((await end(first.id)).statusCode).toBe(204);
    expect((await end(first.id)).statusCode).toBe(404);
    expect((await end(first.id, 'C'.repeat(43))).statusCode).toBe(404);
    expect((await t.app.inject(`/api/v1/follows?token=${'C'.repeat(43)}`)).statusCode).toBe(404);
    expect(
      FollowList.parse((await t.app.inject(`/api/v1/follows?token=${token}`)).json()).items,
    ).toHaveLength(1);
  });

  it('holds an address to 20 follows, saying so by e-mail rather than in the answer', async () => {
    const email = uniqueEmail('busy');
    for (let i = 0; i < 20; i += 1) {
      await t.database.query(
        `INSERT INTO follows (email, email_key, kind, lat, lng, frequency, language, confirmed_at)
         VALUES ($1, lower($1), 'spot', 44.2, 17.2, 'daily', 'en', now())`,
        [email],
      );
    }
    const full = await follow({ email, bbox: AREA });
    const fresh = await follow({ email: uniqueEmail('fresh'), bbox: AREA });
    expect([full.statusCode, full.body]).toEqual([fresh.statusCode, fresh.body]);
    const notice = await smtp.waitForMatch(email, (mail) => mail.messageId.startsWith('<follows-full.'));
    expect(notice.parsed.subject).toBe('You follow as many areas as you can on Karta Test');
    const { rows } = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM follows WHERE email_key = lower($1)',
      [email],
    );
    expect(rows[0]?.n).toBe(20);
  });

  it('handles every due follow in one run, batch after batch', async () => {
    const count = FOLLOWS_PER_BATCH + 50;
    await t.database.query(
      `INSERT INTO follows (email, email_key, kind, lat, lng, frequency, language, confirmed_at, digest_until)
       SELECT 'batch' || n || '@example.org', 'batch' || n || '@example.org', 'spot', -44.2, -17.2, 'daily', 'en',
              now() - interval '3 days', now() - interval '2 days'
       FROM generate_series(1, $1::int) AS n`,
      [count],
    );
    await run();
    const { rows } = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM follows WHERE email LIKE 'batch%' AND digest_until > now() - interval '1 hour'`,
    );
    expect(rows[0]?.n).toBe(count);
  });

  it('refuses a follow of both an area and a spot, or of neither', async () => {
    const both = await follow({ email: uniqueEmail(), bbox: AREA, point: { lat: 44.2, lng: 17.2 } });
    expect(ErrorBody.parse(both.json()).error.code).toBe('validation_error');
    expect((await follow({ email: uniqueEmail() })).statusCode).toBe(400);
    expect((await follow({ email: 'not an address', bbox: AREA })).statusCode).toBe(400);
  });
});
