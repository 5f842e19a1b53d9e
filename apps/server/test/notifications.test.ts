import { CurrentUser, ErrorBody, NotificationSettings, OwnPlace } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDueReviewDigests } from '../src/notifications/review-digest.ts';
import { tidyLinks } from '../src/notifications/tidy-links.ts';
import {
  me,
  nextAddress,
  postJson,
  register,
  responseCookie,
  sessionHeader,
  signedInUser,
  uniqueEmail,
} from './support/auth.ts';
import { insertPlace } from './support/places.ts';
import {
  mailEnv,
  type ReceivedMail,
  rawHeader,
  type SmtpTestServer,
  startSmtpTestServer,
} from './support/smtp-test-server.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** The one link of a message's text that starts with `prefix`. */
function linkIn(mail: ReceivedMail | undefined, prefix: string): string {
  const link = (mail?.parsed.text ?? '').split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no ${prefix} link in: ${mail?.parsed.text}`);
  return link;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe.skipIf(!databaseAvailable)(`notifications by e-mail (${dbKind})`, () => {
  let smtp: SmtpTestServer;
  let t: TestApp;
  let moderator: User;
  let dailyModerator: User;
  let categoryId: number;

  const verify = (userId: number) =>
    t.database.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [userId]);
  const propose = async (user: User, name: Record<string, string>) => {
    const response = await postJson(
      t.app,
      '/api/v1/places',
      { categoryId, name, lat: 45.81, lng: 15.97 },
      { headers: user.headers },
    );
    expect(response.statusCode, response.body).toBe(201);
    return OwnPlace.parse(response.json());
  };
  const decide = async (place: OwnPlace, body: { to: string; reason?: string }) => {
    const response = await postJson(
      t.app,
      `/api/v1/places/${place.id}/transition`,
      { version: place.version, ...body },
      { headers: moderator.headers },
    );
    expect(response.statusCode, response.body).toBe(200);
  };
  const settings = (user: User, body?: unknown) =>
    body === undefined
      ? t.app.inject({ url: '/api/v1/auth/notifications', headers: user.headers })
      : t.app.inject({
          method: 'PUT',
          url: '/api/v1/auth/notifications',
          headers: { ...user.headers, 'content-type': 'application/json' },
          payload: body as object,
        });
  /** Lets the sender run, then the messages to `email` (none may be on their way). */
  const settled = async (email: string) => {
    await t.app.mailer.flush();
    return smtp.to(email);
  };

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({ env: mailEnv(smtp), jobs: { pollMs: 100 } });
    moderator = await signedInUser(t.app, 'moderator');
    dailyModerator = await signedInUser(t.app, 'moderator');
    await t.database.query(`UPDATE users SET review_mail = 'daily' WHERE id = $1`, [dailyModerator.id]);
    categoryId = (await t.database.query<{ id: number }>('SELECT id FROM categories ORDER BY id LIMIT 1'))
      .rows[0]?.id as number;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('makes an account proven by its e-mailed link, and announces its proposals at once', async () => {
    const email = uniqueEmail('newcomer');
    const asked = await register(t.app, { email, displayName: 'Nova Korisnica', language: 'hr' } as never);
    expect(asked.response.statusCode).toBe(202);
    const [invitation] = await smtp.waitFor(email);
    expect(invitation?.parsed.subject).toBe('Dovršite otvaranje računa na Karta Test');
    const link = linkIn(invitation, 'http://karta.example.org/complete-registration?token=');
    const made = await postJson(t.app, '/api/v1/auth/register/confirm', { token: tokenOf(link) });
    expect(made.statusCode, made.body).toBe(201);
    expect(CurrentUser.parse(made.json()).emailVerified).toBe(true);
    const token = responseCookie(made)?.value ?? '';
    const newcomer = { id: CurrentUser.parse(made.json()).id, email, token, headers: sessionHeader(token) };
    const place = await propose(newcomer, { en: 'Attic library' });
    expect(place.authorVerified).toBe(true);
    await smtp.waitForMatch(
      moderator.email,
      (mail) => mail.parsed.subject?.includes('Attic library') ?? false,
    );
  });

  it('asks an account made before registration by e-mail to prove its address, and announces its proposals once it has', async () => {
    // An account whose address was never proven (made while the site sent no e-mail, say).
    const older = await signedInUser(t.app);
    await t.database.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [older.id]);
    const email = older.email;
    expect(CurrentUser.parse((await me(t.app, older.token)).json()).emailVerified).toBe(false);
    const resent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email/resend',
      headers: older.headers,
      remoteAddress: nextAddress(),
    });
    expect(resent.statusCode, resent.body).toBe(204);
    const [verification] = await smtp.waitFor(email);
    expect(verification?.parsed.subject).toBe('Confirm your e-mail address for Karta Test');
    const link = linkIn(verification, 'http://karta.example.org/verify-email?token=');
    const user = older;

    // Unproven: the proposal is kept, but moderators hear nothing of it yet.
    const place = await propose(user, { en: 'Basement shelter' });
    expect(place.authorVerified).toBe(false);
    expect(
      (await settled(moderator.email)).filter((mail) => mail.parsed.subject?.includes('Basement shelter')),
    ).toEqual([]);

    const verified = await postJson(t.app, '/api/v1/auth/verify-email', { token: tokenOf(link) });
    expect(verified.statusCode, verified.body).toBe(204);
    expect(CurrentUser.parse((await me(t.app, user.token)).json()).emailVerified).toBe(true);
    const queued = await t.app.inject({ url: `/api/v1/places/${place.id}`, headers: moderator.headers });
    expect(OwnPlace.parse(queued.json()).authorVerified).toBe(true);
    const notice = await smtp.waitForMatch(
      moderator.email,
      (mail) => mail.parsed.subject?.includes('Basement shelter') ?? false,
    );
    expect(notice.messageId).toBe(`<proposal.${place.id}.v1.to.${moderator.id}@example.org>`);
    await t.app.mailer.flush();
    expect(
      smtp.to(moderator.email).filter((mail) => mail.parsed.subject?.includes('Basement shelter')),
    ).toHaveLength(1);
    // The daily moderator waits for the digest.
    expect(
      (await settled(dailyModerator.email)).filter((mail) => mail.messageId.startsWith('<proposal.')),
    ).toEqual([]);

    const again = await postJson(t.app, '/api/v1/auth/verify-email', { token: tokenOf(link) });
    expect(again.statusCode).toBe(400);
    expect(ErrorBody.parse(again.json()).error.code).toBe('verification_link_invalid');
  });

  it('tells immediate moderators of a proposal, with a one-click unsubscribe that works', async () => {
    const author = await signedInUser(t.app);
    await verify(author.id);
    const place = await propose(author, { en: 'Soup <kitchen> & friends' });
    const notice = await smtp.waitForMatch(
      moderator.email,
      (mail) => mail.messageId === `<proposal.${place.id}.v1.to.${moderator.id}@example.org>`,
    );
    expect(notice?.parsed.subject).toBe('New proposal to review: Soup <kitchen> & friends');
    expect(notice?.parsed.text).toContain('A contributor proposed a new place');
    expect(notice?.parsed.html).toContain('Soup &lt;kitchen&gt; &amp; friends');
    expect(notice?.parsed.html).toContain('href="http://karta.example.org/review"');
    expect(rawHeader(notice, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const url = /^<([^>]+)>$/.exec(rawHeader(notice, 'List-Unsubscribe') ?? '')?.[1] ?? '';
    expect(url).toMatch(/^http:\/\/karta\.example\.org\/unsubscribe\?token=[A-Za-z0-9_-]{43}$/);
    expect(url).not.toContain(encodeURIComponent(moderator.email));

    // The mail client's one-click POST: a form body, no cookie, no Origin.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: url.replace('http://karta.example.org', ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(NotificationSettings.parse((await settings(moderator)).json()).reviewMail).toBe('off');

    const count = (await settled(moderator.email)).length;
    await propose(author, { en: 'Tool library' });
    expect((await settled(moderator.email)).length).toBe(count);
    await settings(moderator, { reviewMail: 'immediate', decisionMail: true, language: 'en' });
  });

  it('tells the author of a decision, with the reason of a rejection, in their language', async () => {
    const author = await signedInUser(t.app);
    await verify(author.id);
    expect(
      (await settings(author, { reviewMail: 'immediate', decisionMail: true, language: 'hr' })).statusCode,
    ).toBe(200);
    const rejected = await propose(author, { en: 'Bike fixing corner', hr: 'Kutak za popravak bicikala' });
    await decide(rejected, { to: 'rejected', reason: 'Ovo je već na karti kao "Biciklana".' });
    const rejection = await smtp.waitForMatch(author.email, (mail) =>
      mail.messageId.startsWith('<decision.'),
    );
    expect(rejection?.parsed.subject).toBe('Vaš prijedlog nije objavljen: Kutak za popravak bicikala');
    expect(rejection?.parsed.text).toContain('Razlog: Ovo je već na karti kao "Biciklana".');
    expect(rawHeader(rejection, 'List-Unsubscribe')).toMatch(
      /^<http:\/\/karta\.example\.org\/unsubscribe\?token=/,
    );

    const published = await propose(author, { en: 'Free fridge', hr: 'Besplatni hladnjak' });
    await decide(published, { to: 'published' });
    const publication = await smtp.waitForMatch(author.email, (mail) =>
      mail.messageId.startsWith(`<decision.${published.id}.`),
    );
    expect(publication.parsed.subject).toBe('Vaš prijedlog je objavljen: Besplatni hladnjak');
    expect(publication.parsed.text).toContain(`http://karta.example.org/places/${published.id}`);

    // Turned off: no more.
    await settings(author, { reviewMail: 'immediate', decisionMail: false, language: 'hr' });
    const quiet = await propose(author, { en: 'Seed swap' });
    await decide(quiet, { to: 'published' });
    const decisions = (await settled(author.email)).filter((mail) => mail.messageId.startsWith('<decision.'));
    expect(decisions).toHaveLength(2);
  });

  it('tells immediate moderators of a visitor’s report', async () => {
    const { rows } = await t.database.query<{ id: number; name: Record<string, string> }>(
      `SELECT id, name FROM places WHERE status = 'published' ORDER BY id LIMIT 1`,
    );
    const place = rows[0];
    const flagged = await postJson(t.app, `/api/v1/places/${place?.id}/flags`, {
      reason: 'does_not_exist',
      comment: 'Closed since spring.',
    });
    expect(flagged.statusCode, flagged.body).toBe(201);
    const notice = await smtp.waitForMatch(moderator.email, (mail) => mail.messageId.startsWith('<flag.'));
    expect(notice?.parsed.subject).toBe(`New report on ${place?.name.en}`);
    expect(notice?.parsed.text).toContain('it does not exist any more');
    expect(notice?.parsed.text).toContain('Their comment: Closed since spring.');
  });

  it('tells immediate moderators of a note waiting for them, and of a report on a note in the words of notes', async () => {
    const spring = await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      name: 'Spring well',
    });
    const author = await signedInUser(t.app);
    const written = await postJson(
      t.app,
      `/api/v1/places/${spring}/notes`,
      { kind: 'status', text: 'Dry since Monday.', language: 'en', effect: 'closed_now' },
      { headers: author.headers },
    );
    expect(written.json()).toMatchObject({ state: 'pending' });
    const notice = await smtp.waitForMatch(moderator.email, (mail) =>
      mail.messageId.startsWith(`<note.${written.json().id}.to.`),
    );
    expect(notice.parsed.subject).toBe('New note to review on Spring well');
    expect(notice.parsed.text).toContain('A contributor wrote a note on "Spring well"');
    expect(notice.parsed.text).toContain('“Dry since Monday.”');

    // A moderator's own note is published at once: nothing to announce.
    const own = await postJson(
      t.app,
      `/api/v1/places/${spring}/notes`,
      { kind: 'comment', text: 'Checked: it is dry.', language: 'en' },
      { headers: moderator.headers },
    );
    expect(own.json()).toMatchObject({ state: 'published' });
    const reported = await postJson(t.app, `/api/v1/notes/${own.json().id}/flags`, { reason: 'spam' });
    expect(reported.statusCode, reported.body).toBe(201);
    const flag = await smtp.waitForMatch(moderator.email, (mail) =>
      mail.messageId.startsWith(`<flag.${reported.json().id}.`),
    );
    expect(flag.parsed.text).toContain('a note is spam');
    await t.app.mailer.flush();
    expect(
      smtp.to(moderator.email).some((mail) => mail.messageId.startsWith(`<note.${own.json().id}.`)),
    ).toBe(false);
  });

  it('keeps review mail a moderator’s choice', async () => {
    const contributor = await signedInUser(t.app);
    const mine = NotificationSettings.parse((await settings(contributor)).json());
    expect(mine).toEqual({ reviewMail: 'immediate', decisionMail: true, language: 'en' });
    expect((await settings(contributor, { ...mine, reviewMail: 'daily' })).statusCode).toBe(403);
    expect((await settings(contributor, { ...mine, language: 'hr' })).json()).toMatchObject({
      language: 'hr',
    });
    expect(
      (await settings(moderator, { reviewMail: 'daily', decisionMail: true, language: 'en' })).json(),
    ).toMatchObject({
      reviewMail: 'daily',
    });
    await settings(moderator, { reviewMail: 'immediate', decisionMail: true, language: 'en' });
  });

  it('sends a daily moderator one digest of what came into the queue, even with two instances at it', async () => {
    await t.database.query(
      `UPDATE users SET review_digest_until = now() - interval '25 hours' WHERE id = $1`,
      [dailyModerator.id],
    );
    const author = await signedInUser(t.app);
    await verify(author.id);
    await propose(author, { en: 'Night shelter' });
    await propose(author, { en: 'Warm room' });
    // An author's first note waits for a moderator: it is in the digest by its place's name.
    const fountain = await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      name: 'Old fountain',
    });
    const noted = await postJson(
      t.app,
      `/api/v1/places/${fountain}/notes`,
      { kind: 'comment', text: 'Water is cold.', language: 'en' },
      { headers: author.headers },
    );
    expect(noted.json()).toMatchObject({ state: 'pending' });
    const run = () => writeDueReviewDigests(t.database, t.app.mailer, 'en');
    // The app's own schedule may have sent this moderator a digest at its start: count from here.
    const digests = () =>
      smtp.to(dailyModerator.email).filter((mail) => mail.messageId.startsWith('<review-digest.'));
    await t.app.mailer.flush();
    const before = digests().length;
    const [first, second] = await Promise.all([run(), run()]);
    expect(first + second).toBe(1);
    await smtp.waitForMatch(dailyModerator.email, () => digests().length > before);
    const digest = digests()[before] as ReceivedMail;
    expect(digest.parsed.subject).toMatch(/^Karta Test: \d+ new items to review$/);
    expect(digest.parsed.text).toContain('• Night shelter');
    expect(digest.parsed.text).toContain('• Warm room');
    // Under its heading, with any other note that came in since (an earlier test's).
    expect(digest.parsed.text).toMatch(/\d+ notes? waiting, on\n(?:• .+\n)*• Old fountain/);
    expect(digest.parsed.text).not.toContain('Water is cold.');
    expect(rawHeader(digest, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // Not due again for a day.
    expect(await run()).toBe(0);
    await t.app.mailer.flush();
    expect(digests()).toHaveLength(before + 1);
  });

  it('deletes links that can no longer be used, and keeps the others', async () => {
    const user = await signedInUser(t.app);
    const hash = (n: number) => String(n).padStart(64, 'a');
    await t.database.query(
      `INSERT INTO unsubscribe_links (token_hash, user_id, list, created_at) VALUES
         ($1, $3, 'decisions', now() - interval '400 days'), ($2, $3, 'decisions', now())`,
      [hash(1), hash(2), user.id],
    );
    await t.database.query(
      `INSERT INTO password_resets (token_hash, user_id, expires_at, used_at) VALUES
         ($1, $3, now() - interval '40 days', now() - interval '40 days'), ($2, $3, now() + interval '1 hour', NULL)`,
      [hash(3), hash(4), user.id],
    );
    await tidyLinks(t.database);
    const left = async (table: string) =>
      (
        await t.database.query<{ token_hash: string }>(
          `SELECT token_hash FROM ${table} WHERE token_hash = ANY($1::text[]) ORDER BY token_hash`,
          [[1, 2, 3, 4].map(hash)],
        )
      ).rows.map((row) => row.token_hash);
    expect(await left('unsubscribe_links')).toEqual([hash(2)]);
    expect(await left('password_resets')).toEqual([hash(4)]);
  });

  it('answers 404 for an unknown unsubscribe link', async () => {
    const response = await postJson(t.app, '/api/v1/unsubscribe', { token: 'B'.repeat(43) });
    expect(response.statusCode).toBe(404);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${'B'.repeat(43)}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(oneClick.statusCode).toBe(404);
  });
});
