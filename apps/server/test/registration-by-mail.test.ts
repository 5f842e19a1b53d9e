import { CurrentUser, ErrorBody, RegistrationPending } from '@karta/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  login,
  me,
  postJson,
  responseCookie,
  signedInUser,
  uniqueEmail,
} from './support/auth.ts';
import {
  mailEnv,
  type ReceivedMail,
  type SmtpTestServer,
  startSmtpTestServer,
} from './support/smtp-test-server.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

const NEW_PASSWORD = 'meadow-quartz-lantern-77';

/** The token of a registration link in a message's text. */
function registrationTokenIn(mail: ReceivedMail | undefined): string {
  const match = /http:\/\/karta\.example\.org\/complete-registration\?token=([A-Za-z0-9_-]{43})/.exec(
    mail?.parsed.text ?? '',
  );
  if (!match?.[1]) throw new Error(`no registration link in: ${mail?.parsed.text}`);
  return match[1];
}

/** What an answer shows a client, but for the moment it was sent and the request's own id. */
function visible(response: LightMyRequestResponse) {
  const { date: _date, 'x-request-id': _id, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.body };
}

describe.skipIf(!databaseAvailable)(`registration with mail on (${dbKind})`, () => {
  let smtp: SmtpTestServer;
  let t: TestApp;

  const registerAs = (email: string, extra: { password?: string; language?: string } = {}) =>
    postJson(t.app, '/api/v1/auth/register', {
      email,
      password: extra.password ?? NEW_PASSWORD,
      displayName: 'Nova',
      ...(extra.language ? { language: extra.language } : {}),
    });
  const confirm = (token: string) => postJson(t.app, '/api/v1/auth/register/confirm', { token });
  const linkFor = async (email: string, nth = 1) =>
    registrationTokenIn(
      (await smtp.waitFor(email, nth)).filter((mail) => mail.messageId.startsWith('<registration.'))[nth - 1],
    );

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({ demo: false, env: mailEnv(smtp), jobs: { pollMs: 100 } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('answers a new, a taken and a disabled address alike, signs nobody in, and says the rest by e-mail', async () => {
    const fresh = uniqueEmail('fresh');
    const owner = await signedInUser(t.app);
    const disabled = await signedInUser(t.app);
    await t.database.query('UPDATE users SET disabled = true WHERE id = $1', [disabled.id]);

    const answers = [
      await registerAs(fresh),
      await registerAs(owner.email),
      await registerAs(disabled.email),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(202);
      expect(RegistrationPending.parse(answer.json())).toEqual({ pending: true });
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    // Nothing in the answers tells the addresses apart.
    expect(visible(answers[1] as LightMyRequestResponse)).toEqual(
      visible(answers[0] as LightMyRequestResponse),
    );
    expect(visible(answers[2] as LightMyRequestResponse)).toEqual(
      visible(answers[0] as LightMyRequestResponse),
    );

    // The new address gets the link that makes its account; nothing is made before.
    const [link] = await smtp.waitFor(fresh);
    expect(link?.parsed.subject).toBe('Finish creating your Karta Test account');
    expect(link?.parsed.text).toContain('The link works once, within 24 hours.');
    registrationTokenIn(link);
    expect((await t.database.query('SELECT 1 FROM users WHERE email = $1', [fresh])).rows).toEqual([]);
    expect((await login(t.app, fresh, NEW_PASSWORD)).response.statusCode).toBe(401);

    // The owner hears someone tried, and the way to a new password; their account is as it was.
    const [note] = await smtp.waitFor(owner.email);
    expect(note?.parsed.subject).toBe('Someone tried to register with your address on Karta Test');
    expect(note?.parsed.text).toContain('http://karta.example.org/forgot-password');
    expect(note?.parsed.text).not.toContain('complete-registration');
    expect((await login(t.app, owner.email, GOOD_PASSWORD)).response.statusCode).toBe(200);
    expect((await login(t.app, owner.email, NEW_PASSWORD)).response.statusCode).toBe(401);

    // A disabled account's address gets nothing.
    await t.app.mailer.flush();
    expect(smtp.to(disabled.email)).toEqual([]);
  });

  it('makes the account when its link is followed: proven, signed in, once; in the language it was asked in', async () => {
    const email = uniqueEmail('linked');
    expect((await registerAs(email, { language: 'hr' })).statusCode).toBe(202);
    const [mail] = await smtp.waitFor(email);
    expect(mail?.parsed.subject).toBe('Dovršite otvaranje računa na Karta Test');
    const token = registrationTokenIn(mail);

    const made = await confirm(token);
    expect(made.statusCode, made.body).toBe(201);
    const user = CurrentUser.parse(made.json());
    expect(user).toMatchObject({ email, displayName: 'Nova', role: 'contributor', emailVerified: true });
    const session = responseCookie(made)?.value ?? null;
    expect(CurrentUser.parse((await me(t.app, session)).json()).id).toBe(user.id);
    expect((await login(t.app, email, NEW_PASSWORD)).response.statusCode).toBe(200);
    // No verification e-mail: following the link proved the address.
    await t.app.mailer.flush();
    expect(smtp.to(email).map((item) => item.messageId.split('.')[0])).toEqual(['<registration']);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(ErrorBody.parse(again.json()).error.code).toBe('registration_link_invalid');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('makes one account of an address: the first link followed wins, the others and late ones make nothing', async () => {
    const email = uniqueEmail('twice');
    await registerAs(email);
    await registerAs(email, { password: 'other-orchard-passphrase-5' });
    const first = await linkFor(email, 1);
    const second = await linkFor(email, 2);
    expect((await confirm(second)).statusCode).toBe(201);
    expect(ErrorBody.parse((await confirm(first)).json()).error.code).toBe('registration_link_invalid');
    // The account is the one of the link followed.
    expect((await login(t.app, email, 'other-orchard-passphrase-5')).response.statusCode).toBe(200);
    expect(
      (await t.database.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email])).rows,
    ).toHaveLength(1);

    const late = uniqueEmail('late');
    await registerAs(late);
    const token = await linkFor(late);
    await t.database.query(
      `UPDATE pending_registrations SET expires_at = now() - interval '1 second' WHERE lower(email) = lower($1)`,
      [late],
    );
    expect(ErrorBody.parse((await confirm(token)).json()).error.code).toBe('registration_link_invalid');
    expect(ErrorBody.parse((await confirm('A'.repeat(43))).json()).error.code).toBe(
      'registration_link_invalid',
    );
    expect((await confirm('short')).statusCode).toBe(400);
    // Spent and expired requests are gone: no password's hash waits for nobody.
    const { rows } = await t.database.query(
      'SELECT 1 FROM pending_registrations WHERE lower(email) IN (lower($1), lower($2))',
      [email, late],
    );
    expect(rows).toEqual([]);
  });

  it('refuses a password that breaks a rule before anything is sent', async () => {
    const email = uniqueEmail('weak');
    const refused = await registerAs(email, { password: 'password123' });
    expect(refused.statusCode).toBe(400);
    expect(ErrorBody.parse(refused.json()).error.code).toBe('validation_error');
    await t.app.mailer.flush();
    expect(smtp.to(email)).toEqual([]);
  });
});
