import { AccountSessionList, ErrorBody } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  login,
  me,
  nextAddress,
  postJson,
  sessionHeader,
  sha256,
  signedInUser,
  uniqueEmail,
} from './support/auth.ts';
import {
  mailEnv,
  type ReceivedMail,
  resetTokenIn,
  type SmtpTestServer,
  startSmtpTestServer,
} from './support/smtp-test-server.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

const NEW_PASSWORD = 'quartz-meadow-lantern-77';

function errorCode(response: { statusCode: number; json(): unknown }, status: number): string {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  return ErrorBody.parse(response.json()).error.code;
}

describe.skipIf(!databaseAvailable)(`password reset, change and sessions (${dbKind})`, () => {
  let smtp: SmtpTestServer;
  let t: TestApp;

  const requestReset = (email: string, extra: { language?: string; remoteAddress?: string } = {}) =>
    postJson(
      t.app,
      '/api/v1/auth/password-reset',
      { email, ...(extra.language ? { language: extra.language } : {}) },
      { remoteAddress: extra.remoteAddress ?? nextAddress() },
    );
  const confirm = (token: string, password: string) =>
    postJson(t.app, '/api/v1/auth/password-reset/confirm', { token, password });

  /** Reset messages to `email` (a new account also gets the verification message). */
  const resetMails = (email: string) =>
    smtp.to(email).filter((mail) => mail.messageId.startsWith('<password-reset.'));
  const nextResetMail = async (email: string) => {
    const before = resetMails(email).length;
    await smtp.waitForMatch(email, () => resetMails(email).length > before);
    return resetMails(email)[before] as ReceivedMail;
  };

  /** Asks for a link for `email` and returns the token of the message that arrives. */
  async function resetLink(email: string): Promise<string> {
    const next = nextResetMail(email);
    expect((await requestReset(email)).statusCode).toBe(204);
    return resetTokenIn(await next);
  }

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({ demo: false, env: mailEnv(smtp), jobs: { pollMs: 100 } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('says mail is on in health and in the browser configuration', async () => {
    expect((await t.app.inject('/api/v1/health')).json()).toMatchObject({ mail: 'on' });
    expect((await t.app.inject('/api/v1/config')).json()).toMatchObject({ mail: true });
  });

  it('mails a single-use link in the language asked for, as text and HTML, with nothing remote', async () => {
    const user = await signedInUser(t.app);
    const next = nextResetMail(user.email);
    expect((await requestReset(user.email, { language: 'hr' })).statusCode).toBe(204);
    const mail = await next;
    expect(mail.parsed.subject).toBe('Nova lozinka za Karta Test');
    expect(mail.parsed.from?.text).toBe('"Karta Test" <karta@example.org>');
    expect(mail.messageId).toMatch(/^<password-reset\.\d+@example\.org>$/);
    const token = resetTokenIn(mail);
    expect(mail.parsed.text).toContain('u roku od jednog sata');
    expect(mail.parsed.html).toContain(`href="http://karta.example.org/reset-password?token=${token}"`);
    expect(mail.parsed.html).toContain('lang="hr"');
    // No tracking pixel, no remote image or style; not a bulk message, so no unsubscribe header.
    expect(mail.parsed.html).not.toMatch(/<img|<link|url\(/i);
    expect(mail.parsed.headers.has('list-unsubscribe')).toBe(false);
    // The link names no address.
    expect(mail.parsed.text).not.toContain(encodeURIComponent(user.email));
    // Only the token's hash is kept, and the sent message's body is gone from the outbox.
    const stored = await t.database.query<{ token_hash: string }>(
      'SELECT token_hash FROM password_resets WHERE user_id = $1',
      [user.id],
    );
    expect(stored.rows.map((row) => row.token_hash)).toEqual([sha256(token)]);
    const outbox = await t.database.query<{ text_body: string; sent: boolean }>(
      `SELECT text_body, sent_at IS NOT NULL AS sent FROM mail_outbox WHERE idempotency_key LIKE 'password-reset.%'`,
    );
    expect(outbox.rows.every((row) => row.sent && row.text_body === '')).toBe(true);
  });

  it('writes in English when asked in a language mail is not written in', async () => {
    const user = await signedInUser(t.app);
    const next = nextResetMail(user.email);
    expect((await requestReset(user.email, { language: 'de' })).statusCode).toBe(204);
    expect((await next).parsed.subject).toBe('Reset your password for Karta Test');
  });

  it('answers an unknown address exactly as a known one, and sends it nothing', async () => {
    const known = await signedInUser(t.app);
    const unknown = uniqueEmail('nobody');
    const [a, b] = [await requestReset(known.email), await requestReset(unknown)];
    expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
    const headerNames = (response: typeof a) =>
      Object.keys(response.headers)
        .filter((name) => !['date', 'x-request-id'].includes(name))
        .sort();
    expect(headerNames(a)).toEqual(headerNames(b));
    await smtp.waitForMatch(known.email, (mail) => mail.messageId.startsWith('<password-reset.'));
    await t.app.mailer.flush();
    expect(smtp.to(unknown)).toEqual([]);
    const rows = await t.database.query('SELECT 1 FROM mail_outbox WHERE recipient = $1', [unknown]);
    expect(rows.rows).toHaveLength(0);
  });

  it('sets the new password, ends every session, and works once', async () => {
    const user = await signedInUser(t.app);
    const second = await login(t.app, user.email, GOOD_PASSWORD);
    const token = await resetLink(user.email);

    const response = await confirm(token, NEW_PASSWORD);
    expect(response.statusCode, response.body).toBe(204);
    expect((await me(t.app, user.token)).json()).toBeNull();
    expect((await me(t.app, second.token)).json()).toBeNull();
    expect((await login(t.app, user.email, GOOD_PASSWORD)).response.statusCode).toBe(401);
    expect((await login(t.app, user.email, NEW_PASSWORD)).response.statusCode).toBe(200);

    expect(errorCode(await confirm(token, 'another-fine-passphrase-9'), 400)).toBe('reset_link_invalid');
  });

  it('keeps the link usable when the new password breaks a rule', async () => {
    const user = await signedInUser(t.app);
    const token = await resetLink(user.email);
    const refused = await confirm(token, 'password123');
    expect(errorCode(refused, 400)).toBe('validation_error');
    expect(ErrorBody.parse(refused.json()).error.details).toEqual([
      expect.objectContaining({ path: 'password', code: 'password_too_common' }),
    ]);
    expect(errorCode(await confirm(token, user.email), 400)).toBe('validation_error');
    expect((await confirm(token, NEW_PASSWORD)).statusCode).toBe(204);
  });

  it('refuses a link past its hour, an unknown one, and earlier links once the password changed', async () => {
    const user = await signedInUser(t.app);
    const first = await resetLink(user.email);
    const second = await resetLink(user.email);
    await t.database.query(
      `UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [sha256(first)],
    );
    expect(errorCode(await confirm(first, NEW_PASSWORD), 400)).toBe('reset_link_invalid');
    expect(errorCode(await confirm('A'.repeat(43), NEW_PASSWORD), 400)).toBe('reset_link_invalid');
    expect(errorCode(await confirm('short', NEW_PASSWORD), 400)).toBe('validation_error');

    const third = await resetLink(user.email);
    expect((await confirm(second, NEW_PASSWORD)).statusCode).toBe(204);
    expect(errorCode(await confirm(third, 'yet-another-passphrase-3'), 400)).toBe('reset_link_invalid');
  });

  it('sends no link to a disabled account', async () => {
    const user = await signedInUser(t.app);
    await t.database.query('UPDATE users SET disabled = true WHERE id = $1', [user.id]);
    expect((await requestReset(user.email)).statusCode).toBe(204);
    await t.app.mailer.flush();
    expect(resetMails(user.email)).toEqual([]);
  });

  it('limits requests per client address, never per address asked for (its mail is limited instead)', async () => {
    const email = uniqueEmail('flooded');
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await requestReset(email)).statusCode);
    // A 429 here would tell an address with an account (whose mail is limited: mail-limits.test.ts)
    // from one without.
    expect(statuses).toEqual([204, 204, 204, 204]);

    const address = nextAddress();
    const fromOne = [];
    for (let i = 0; i < 6; i += 1)
      fromOne.push((await requestReset(uniqueEmail(), { remoteAddress: address })).statusCode);
    expect(fromOne).toEqual([204, 204, 204, 204, 204, 429]);
  });

  it('changes a password given the current one, ending the other sessions only', async () => {
    const user = await signedInUser(t.app);
    const other = await login(t.app, user.email, GOOD_PASSWORD);
    const change = (currentPassword: string, newPassword: string) =>
      postJson(t.app, '/api/v1/auth/password', { currentPassword, newPassword }, { headers: user.headers });

    const wrong = await change('not-my-password-at-all', NEW_PASSWORD);
    expect(errorCode(wrong, 400)).toBe('wrong_password');
    expect(ErrorBody.parse(wrong.json()).error.details).toEqual([
      expect.objectContaining({ path: 'currentPassword' }),
    ]);
    const common = await change(GOOD_PASSWORD, 'password123');
    expect(ErrorBody.parse(common.json()).error.details).toEqual([
      expect.objectContaining({ path: 'newPassword', code: 'password_too_common' }),
    ]);
    expect((await me(t.app, other.token)).json()).not.toBeNull();

    expect((await change(GOOD_PASSWORD, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await me(t.app, user.token)).json()).toMatchObject({ id: user.id });
    expect((await me(t.app, other.token)).json()).toBeNull();
    expect((await login(t.app, user.email, NEW_PASSWORD)).response.statusCode).toBe(200);

    const visitor = await postJson(t.app, '/api/v1/auth/password', {
      currentPassword: GOOD_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(errorCode(visitor, 401)).toBe('unauthorized');
  });

  it('ends a moderator’s private review feed with a new password, changed or reset, and says so by e-mail', async () => {
    const noticesTo = (email: string) =>
      smtp.to(email).filter((mail) => mail.messageId.startsWith('<password-changed.'));
    const feedOf = async (user: { headers: Record<string, string> }) => {
      const created = await postJson(t.app, '/api/v1/feeds/review-token', {}, { headers: user.headers });
      expect(created.statusCode).toBe(201);
      return (
        new URL((created.json() as { url: string }).url).pathname +
        new URL((created.json() as { url: string }).url).search
      );
    };
    const feedStatus = async (path: string) =>
      (await t.app.inject({ url: path, remoteAddress: nextAddress() })).statusCode;

    const changer = await signedInUser(t.app, 'moderator');
    const changerFeed = await feedOf(changer);
    expect(await feedStatus(changerFeed)).toBe(200);
    const changed = await postJson(
      t.app,
      '/api/v1/auth/password',
      { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD },
      { headers: changer.headers },
    );
    expect(changed.statusCode).toBe(204);
    expect(await feedStatus(changerFeed)).toBe(404);
    // The session that changed it goes on, and may make a new feed.
    expect(await feedStatus(await feedOf(changer))).toBe(200);
    await smtp.waitForMatch(changer.email, () => noticesTo(changer.email).length > 0);
    const [notice] = noticesTo(changer.email);
    expect(notice?.parsed.subject).toBe('Your password for Karta Test was changed');
    expect(notice?.parsed.text).toContain('Every other browser signed in to it was signed out.');
    expect(notice?.parsed.text).toContain('Your private feed of the review queue stopped working too');
    expect(notice?.parsed.text).toContain('/forgot-password');

    const resetter = await signedInUser(t.app, 'admin');
    const resetterFeed = await feedOf(resetter);
    const token = await resetLink(resetter.email);
    expect((await confirm(token, NEW_PASSWORD)).statusCode).toBe(204);
    expect(await feedStatus(resetterFeed)).toBe(404);
    await smtp.waitForMatch(resetter.email, () => noticesTo(resetter.email).length > 0);
    expect(noticesTo(resetter.email)[0]?.parsed.text).toContain('with a reset link sent to this address');

    // A contributor is told too, without a word about a feed they cannot have.
    const contributor = await signedInUser(t.app);
    expect((await confirm(await resetLink(contributor.email), NEW_PASSWORD)).statusCode).toBe(204);
    await smtp.waitForMatch(contributor.email, () => noticesTo(contributor.email).length > 0);
    expect(noticesTo(contributor.email)[0]?.parsed.text).not.toContain('feed');
  });

  it('lists the sessions by browser and ends one, this browser’s own too', async () => {
    const user = await signedInUser(t.app);
    const firefox = await login(t.app, user.email, GOOD_PASSWORD, {
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' },
    });
    const list = async (token: string) =>
      AccountSessionList.parse(
        (await t.app.inject({ url: '/api/v1/auth/sessions', headers: sessionHeader(token) })).json(),
      ).items;
    const sessions = await list(user.token);
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    const other = sessions.find((session) => !session.current);
    expect(other?.device).toBe('Firefox · Linux');

    const end = (id: number, token: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/auth/sessions/${id}`,
        headers: sessionHeader(token),
        remoteAddress: nextAddress(),
      });
    // Someone else's session is not found, and stays.
    const stranger = await signedInUser(t.app);
    expect(errorCode(await end(other?.id ?? 0, stranger.token), 404)).toBe('not_found');
    expect((await end(other?.id ?? 0, user.token)).statusCode).toBe(204);
    expect((await me(t.app, firefox.token)).json()).toBeNull();
    expect(await list(user.token)).toHaveLength(1);

    const own = (await list(user.token))[0];
    const ended = await end(own?.id ?? 0, user.token);
    expect(ended.statusCode).toBe(204);
    expect(String(ended.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect((await me(t.app, user.token)).json()).toBeNull();
  });
});

describe.skipIf(!databaseAvailable)(`without mail (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ demo: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports mail off, hides it from the browser, and refuses resets', async () => {
    expect((await t.app.inject('/api/v1/health')).json()).toMatchObject({ mail: 'off' });
    expect((await t.app.inject('/api/v1/config')).json()).toMatchObject({ mail: false });
    const response = await postJson(t.app, '/api/v1/auth/password-reset', { email: 'ana@example.org' });
    expect(errorCode(response, 404)).toBe('mail_off');
  });
});
