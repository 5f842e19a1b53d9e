import {
  CurrentUser,
  ErrorBody,
  type FieldIssue,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
} from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireUser } from '../src/accounts/request-user.ts';
import {
  GOOD_PASSWORD,
  login,
  me,
  nextAddress,
  postJson,
  register,
  responseCookie,
  sessionHeader,
  sha256,
  signedInUser,
  uniqueEmail,
} from './support/auth.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

const THIRTY_DAYS = String(30 * 24 * 60 * 60);

function errorOf(response: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  const body = ErrorBody.parse(response.json());
  expect(body.error.code).toBe(code);
  return body;
}

/** "Who am I" answered nobody: 200 with null (not an error: see the `me` endpoint). */
function signedOut(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(200);
  expect(response.json()).toBeNull();
}

describe.skipIf(!databaseAvailable)(`accounts and sessions (${dbKind})`, () => {
  let t: TestApp;

  const sessionRow = async (token: string) =>
    (
      await t.database.query<{ id: number; expired: boolean; expires_in: number }>(
        `SELECT id, expires_at <= now() AS expired,
                extract(epoch FROM expires_at - now())::float8 AS expires_in
         FROM sessions WHERE token_hash = $1`,
        [sha256(token)],
      )
    ).rows[0];

  beforeAll(async () => {
    t = await startTestApp({
      demo: false,
      configure(app) {
        app.get('/api/v1/test/moderators-only', async (request) =>
          requireUser(request, ['moderator', 'admin']),
        );
        app.post('/api/v1/test/write', async (request) => ({ user: request.user?.id ?? null }));
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('register, me, login, logout', () => {
    it('registers a contributor, signs them in with a session cookie, and answers who they are', async () => {
      const email = uniqueEmail('ana');
      const { response, token } = await register(t.app, { email, displayName: 'Ana Horvat' });
      expect(response.statusCode, response.body).toBe(201);
      const user = CurrentUser.parse(response.json());
      // Mail is off here: nobody can prove an address, so every account counts as proven.
      expect(user).toEqual({
        id: expect.any(Number),
        email,
        displayName: 'Ana Horvat',
        role: 'contributor',
        emailVerified: true,
      });
      expect(Object.keys(response.json() as object).sort()).toEqual([
        'displayName',
        'email',
        'emailVerified',
        'id',
        'role',
      ]);
      expect(response.headers['cache-control']).toBe('no-store');

      const cookie = responseCookie(response);
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie?.attributes).toMatchObject({
        httponly: true,
        samesite: 'Lax',
        path: '/',
        'max-age': THIRTY_DAYS,
      });
      // Plain-HTTP deployment (no PUBLIC_URL): a Secure cookie would never come back.
      expect(cookie?.attributes.secure).toBeUndefined();

      const who = await me(t.app, token);
      expect(who.statusCode).toBe(200);
      expect(who.json()).toEqual(user);
      expect(who.headers['cache-control']).toBe('no-store');
    });

    it('stores an argon2id hash (OWASP parameters) and only a SHA-256 of the session token', async () => {
      const email = uniqueEmail();
      const { token } = await register(t.app, { email });
      const { rows } = await t.database.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE email = $1',
        [email],
      );
      expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(rows[0]?.password_hash).not.toContain(GOOD_PASSWORD);
      const sessions = await t.database.query<{ token_hash: string }>(
        'SELECT s.token_hash FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1',
        [email],
      );
      expect(sessions.rows).toEqual([{ token_hash: sha256(token as string) }]);
      expect(JSON.stringify(sessions.rows)).not.toContain(token as string);
    });

    it('keeps a display name as given, trimmed and NFC-normalised (markup is just text)', async () => {
      const decomposed = '  Zrinka S\u030Cubic\u0301 ';
      const first = await register(t.app, { displayName: decomposed });
      expect(first.response.statusCode, first.response.body).toBe(201);
      expect(CurrentUser.parse(first.response.json()).displayName).toBe('Zrinka \u0160ubi\u0107');

      const markup = '<img src=x onerror=alert(1)>';
      const second = await register(t.app, { displayName: markup });
      expect(CurrentUser.parse(second.response.json()).displayName).toBe(markup);
      expect(CurrentUser.parse((await me(t.app, second.token)).json()).displayName).toBe(markup);
    });

    it('signs in with the e-mail in any case and with spaces around it', async () => {
      const email = uniqueEmail('Case.Mixed');
      await register(t.app, { email });
      const { response, token } = await login(t.app, `  ${email.toUpperCase()} `, GOOD_PASSWORD);
      expect(response.statusCode, response.body).toBe(200);
      expect(CurrentUser.parse(response.json()).email).toBe(email);
      expect(responseCookie(response)?.attributes).toMatchObject({
        httponly: true,
        samesite: 'Lax',
        path: '/',
      });
      expect((await me(t.app, token)).statusCode).toBe(200);
    });

    it('answers "who am I" with null without a session, and clears an unknown cookie', async () => {
      signedOut(await me(t.app, null));
      const forged = await me(t.app, 'A'.repeat(43));
      signedOut(forged);
      expect(responseCookie(forged)?.attributes['max-age']).toBe('0');
      signedOut(await me(t.app, 'not a token at all'));
    });

    it('signs out: 204, the cookie cleared, the session gone; signing out again is harmless', async () => {
      const { token } = await register(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: sessionHeader(token as string),
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const cleared = responseCookie(response);
      expect(cleared?.value).toBe('');
      expect(cleared?.attributes['max-age']).toBe('0');
      expect(await sessionRow(token as string)).toBeUndefined();
      signedOut(await me(t.app, token));

      const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
      expect(again.statusCode).toBe(204);
    });
  });

  describe('sessions', () => {
    it('rotates the session at sign-in: the cookie presented before is dead afterwards', async () => {
      const email = uniqueEmail();
      const { token: first } = await register(t.app, { email });
      const { response, token: second } = await login(t.app, email, GOOD_PASSWORD, {
        headers: sessionHeader(first as string),
      });
      expect(response.statusCode).toBe(200);
      expect(second).not.toBe(first);
      signedOut(await me(t.app, first));
      expect(await sessionRow(first as string)).toBeUndefined();
      expect((await me(t.app, second)).statusCode).toBe(200);

      // A token planted before sign-in (session fixation) is not adopted either.
      const { token: third } = await login(t.app, email, GOOD_PASSWORD, {
        headers: sessionHeader(second as string),
      });
      expect(third).not.toBe(second);
      signedOut(await me(t.app, second));
    });

    it('refuses an expired session and deletes it; sign-in purges other expired ones', async () => {
      const { token } = await register(t.app);
      const { token: other } = await register(t.app);
      await t.database.query(
        `UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = ANY($1)`,
        [[sha256(token as string), sha256(other as string)]],
      );
      const response = await me(t.app, token);
      signedOut(response);
      expect(responseCookie(response)?.attributes['max-age']).toBe('0');
      expect(await sessionRow(token as string)).toBeUndefined();

      expect(await sessionRow(other as string)).toMatchObject({ expired: true });
      await register(t.app);
      expect(await sessionRow(other as string)).toBeUndefined();
    });

    it('extends a session used after a day (and sends the cookie again), not on every request', async () => {
      const { token } = await register(t.app);
      const quiet = await me(t.app, token);
      expect(quiet.statusCode).toBe(200);
      expect(responseCookie(quiet)).toBeNull();

      await t.database.query(
        `UPDATE sessions SET last_used_at = now() - interval '2 days', expires_at = now() + interval '28 days'
         WHERE token_hash = $1`,
        [sha256(token as string)],
      );
      const renewed = await me(t.app, token);
      expect(renewed.statusCode).toBe(200);
      expect(responseCookie(renewed)).toMatchObject({ value: token, attributes: { 'max-age': THIRTY_DAYS } });
      expect((await sessionRow(token as string))?.expires_in).toBeGreaterThan(29.9 * 24 * 3600);
    });

    it('stops a disabled user at once: their session fails and signing in is refused like a wrong password', async () => {
      const email = uniqueEmail('disabled');
      const { response, token } = await register(t.app, { email });
      const { id } = CurrentUser.parse(response.json());
      expect((await me(t.app, token)).statusCode).toBe(200);

      await t.database.query('UPDATE users SET disabled = true WHERE id = $1', [id]);
      signedOut(await me(t.app, token));

      const refused = (await login(t.app, email, GOOD_PASSWORD)).response;
      const wrong = (await login(t.app, email, 'wrong-password-entirely')).response;
      errorOf(refused, 401, 'invalid_credentials');
      expect(refused.json()).toEqual(wrong.json());
      expect(responseCookie(refused)).toBeNull();
    });

    it('lets routes require a user and a role (401 anonymous, 403 wrong role)', async () => {
      const url = '/api/v1/test/moderators-only';
      errorOf(await t.app.inject({ method: 'GET', url }), 401, 'unauthorized');
      const contributor = await signedInUser(t.app, 'contributor');
      errorOf(await t.app.inject({ method: 'GET', url, headers: contributor.headers }), 403, 'forbidden');
      const moderator = await signedInUser(t.app, 'moderator');
      const allowed = await t.app.inject({ method: 'GET', url, headers: moderator.headers });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toMatchObject({ id: moderator.id, role: 'moderator' });
    });

    it('drops the sessions of a deleted user with it', async () => {
      const { response, token } = await register(t.app);
      const { id } = CurrentUser.parse(response.json());
      await t.database.query('DELETE FROM users WHERE id = $1', [id]);
      expect(await sessionRow(token as string)).toBeUndefined();
    });
  });

  describe('no account enumeration', () => {
    it('answers an unknown e-mail and a wrong password with the same 401', async () => {
      const email = uniqueEmail();
      await register(t.app, { email });
      const unknown = (await login(t.app, uniqueEmail('nobody'), GOOD_PASSWORD)).response;
      const wrong = (await login(t.app, email, `${GOOD_PASSWORD}-not`)).response;
      const body = errorOf(unknown, 401, 'invalid_credentials');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual(body);
      expect(wrong.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(responseCookie(unknown)).toBeNull();
      expect(responseCookie(wrong)).toBeNull();
    });

    it('spends a password verification on an unknown e-mail too (about the same time)', async () => {
      const email = uniqueEmail();
      await register(t.app, { email });
      const time = async (address: string) => {
        const started = performance.now();
        const { response } = await login(t.app, address, 'some-wrong-password');
        expect(response.statusCode).toBe(401);
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        known.push(await time(email));
        unknown.push(await time(uniqueEmail('nobody')));
      }
      // Without the dummy verification an unknown e-mail answers in ~1 ms against ~15 ms.
      expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.4);
    });

    it('does not tell that an e-mail is taken: a generic refusal, no cookie, the account untouched', async () => {
      const email = uniqueEmail('taken');
      const first = await register(t.app, { email, displayName: 'Owner' });
      expect(first.response.statusCode).toBe(201);

      const again = await register(t.app, {
        email: ` ${email.toUpperCase()}`,
        password: 'another-fine-password-7',
        displayName: 'Intruder',
      });
      const body = errorOf(again.response, 400, 'registration_refused');
      expect(body.error.details).toBeUndefined();
      expect(again.response.body.toLowerCase()).not.toContain(email.toLowerCase());
      expect(again.response.body).not.toMatch(/taken|exists|in use|registered/i);
      expect(again.token).toBeNull();

      expect((await login(t.app, email, GOOD_PASSWORD)).response.statusCode).toBe(200);
      expect((await login(t.app, email, 'another-fine-password-7')).response.statusCode).toBe(401);
      const { rows } = await t.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)',
        [email],
      );
      expect(rows[0]?.n).toBe(1);
    });
  });

  describe('password and field rules', () => {
    const issuesOf = (response: { statusCode: number; json(): unknown }) =>
      errorOf(response, 400, 'validation_error').error.details as FieldIssue[];

    it('counts characters, not UTF-16 units: 9 emoji-rich characters are too short, 10 are enough', async () => {
      const nine = 'ab\u{1F642}cd\u{1F643}ef\u{1F642}';
      const ten = `${nine}g`;
      expect(nine.length).toBe(12);
      const short = await register(t.app, { password: nine });
      expect(issuesOf(short.response)).toEqual([
        { path: 'password', code: 'too_short', params: { minimum: 10 }, message: expect.any(String) },
      ]);
      expect((await register(t.app, { password: ten })).response.statusCode).toBe(201);
    });

    it('refuses a password over 256 characters', async () => {
      const response = (await register(t.app, { password: 'x1y2z3'.repeat(43) })).response;
      expect(issuesOf(response)).toEqual([
        { path: 'password', code: 'too_long', params: { maximum: 256 }, message: expect.any(String) },
      ]);
    });

    it.each([
      'qwertyuiop',
      'QWERTYUIOP',
      'password123',
      'Password2024!',
      'P@ssw0rd1234',
      'iloveyou12345',
      'aaaaaaaaaaaa',
      'lozinka12345',
    ])('refuses the common password %s', async (password) => {
      const response = (await register(t.app, { password })).response;
      expect(issuesOf(response)).toEqual([
        { path: 'password', code: 'password_too_common', message: expect.any(String) },
      ]);
    });

    it('refuses the e-mail address as password, in any case', async () => {
      const email = uniqueEmail('long.address');
      const response = (await register(t.app, { email, password: email.toUpperCase() })).response;
      expect(issuesOf(response)).toEqual([
        { path: 'password', code: 'password_matches_email', message: expect.any(String) },
      ]);
    });

    it('reports every bad field at once, each with a code', async () => {
      const response = await postJson(t.app, '/api/v1/auth/register', {
        email: 'not-an-address',
        displayName: '   ',
        password: 'short',
      });
      const issues = issuesOf(response);
      expect(issues.map(({ path, code }) => ({ path, code }))).toEqual(
        expect.arrayContaining([
          { path: 'email', code: 'invalid_email' },
          { path: 'displayName', code: 'required' },
          { path: 'password', code: 'too_short' },
        ]),
      );
      expect(issues).toHaveLength(3);

      const missing = issuesOf(await postJson(t.app, '/api/v1/auth/register', {}));
      expect(missing.map(({ path, code }) => ({ path, code }))).toEqual([
        { path: 'email', code: 'required' },
        { path: 'password', code: 'required' },
        { path: 'displayName', code: 'required' },
      ]);
      const tooLongName = issuesOf((await register(t.app, { displayName: 'n'.repeat(81) })).response);
      expect(tooLongName).toEqual([
        { path: 'displayName', code: 'too_long', params: { maximum: 80 }, message: expect.any(String) },
      ]);
      const controlName = issuesOf((await register(t.app, { displayName: 'Ana\u0000Horvat' })).response);
      expect(controlName[0]).toMatchObject({ path: 'displayName', code: 'invalid_characters' });
    });

    it('validates the sign-in body without applying the new-password rules', async () => {
      const missing = errorOf(
        await postJson(t.app, '/api/v1/auth/login', { email: 'a@b.co' }),
        400,
        'validation_error',
      );
      expect(missing.error.details).toEqual([
        { path: 'password', code: 'required', message: expect.any(String) },
      ]);
      // A short password is a wrong password here, not a rule to explain.
      errorOf((await login(t.app, 'someone@example.org', 'short')).response, 401, 'invalid_credentials');
    });
  });

  describe('rate limits', () => {
    it('limits sign-in attempts per address: 10 a minute, then 429 with Retry-After', async () => {
      const remoteAddress = nextAddress();
      for (let i = 0; i < 10; i += 1) {
        const { response } = await login(t.app, uniqueEmail('guess'), 'wrong-password-1', { remoteAddress });
        expect(response.statusCode).toBe(401);
      }
      const { response } = await login(t.app, uniqueEmail('guess'), 'wrong-password-1', { remoteAddress });
      const body = errorOf(response, 429, 'rate_limited');
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(body.error.details).toEqual({ retryAfterSeconds: retryAfter });
      // Another address is not affected.
      expect((await login(t.app, uniqueEmail('guess'), 'wrong-password-1')).response.statusCode).toBe(401);
    });

    it('limits registrations per address: 5 an hour', async () => {
      const remoteAddress = nextAddress();
      for (let i = 0; i < 5; i += 1) {
        expect((await register(t.app, {}, { remoteAddress })).response.statusCode).toBe(201);
      }
      const { response } = await register(t.app, {}, { remoteAddress });
      errorOf(response, 429, 'rate_limited');
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3000);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    });
  });

  describe('CSRF defence (no PUBLIC_URL: the request’s own host is the site)', () => {
    const write = (headers: Record<string, string>, payload: unknown = { a: 1 }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/test/write',
        headers: { host: 'karta.example.org', ...headers },
        payload: payload as string,
      });

    it('accepts a JSON write from its own origin, and one with no browser headers at all', async () => {
      const user = await signedInUser(t.app);
      const own = await write({ origin: 'https://karta.example.org', ...user.headers });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json()).toEqual({ user: user.id });
      expect((await write({ origin: 'http://karta.example.org' })).statusCode).toBe(200);
      expect((await write({})).statusCode).toBe(200);
    });

    it('refuses a write whose Origin is another site, with 403 forbidden_origin', async () => {
      const user = await signedInUser(t.app);
      for (const origin of ['https://evil.example', 'https://karta.example.org.evil.example', 'null']) {
        errorOf(await write({ origin, ...user.headers }), 403, 'forbidden_origin');
      }
      // Sign-in too (login CSRF), before any password is checked.
      const email = uniqueEmail();
      await register(t.app, { email });
      const response = await postJson(
        t.app,
        '/api/v1/auth/login',
        { email, password: GOOD_PASSWORD },
        { headers: { origin: 'https://evil.example' } },
      );
      errorOf(response, 403, 'forbidden_origin');
      expect(responseCookie(response)).toBeNull();
    });

    it('without Origin, refuses writes that Sec-Fetch-Site marks as from elsewhere', async () => {
      errorOf(await write({ 'sec-fetch-site': 'cross-site' }), 403, 'forbidden_origin');
      errorOf(await write({ 'sec-fetch-site': 'same-site' }), 403, 'forbidden_origin');
      expect((await write({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
      expect((await write({ 'sec-fetch-site': 'none' })).statusCode).toBe(200);
    });

    it('refuses writes that are not JSON with 415, whatever their origin', async () => {
      for (const contentType of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ]) {
        const response = await write({ 'content-type': contentType }, 'email=a%40b.co&password=x');
        errorOf(response, 415, 'unsupported_media_type');
      }
      const register415 = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ email: uniqueEmail(), password: GOOD_PASSWORD, displayName: 'X' }),
      });
      errorOf(register415, 415, 'unsupported_media_type');
      expect((await write({ 'content-type': 'application/json; charset=utf-8' })).statusCode).toBe(200);
    });

    it('leaves reads alone whatever their origin', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/health',
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(response.statusCode).toBe(200);
    });
  });

  it(`names the cookie ${SESSION_COOKIE}`, async () => {
    const { response } = await register(t.app);
    expect(String(response.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
  });
});

describe.skipIf(!databaseAvailable)(`accounts behind https PUBLIC_URL (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ demo: false, env: { PUBLIC_URL: 'https://karta.example.org' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`names the session cookie ${SECURE_SESSION_COOKIE} and marks it Secure, without a Domain`, async () => {
    const { response } = await register(t.app, {}, { headers: { origin: 'https://karta.example.org' } });
    expect(response.statusCode, response.body).toBe(201);
    expect(responseCookie(response)).toBeNull();
    const cookie = responseCookie(response, SECURE_SESSION_COOKIE);
    expect(cookie?.attributes.domain).toBeUndefined();
    expect(cookie?.attributes).toMatchObject({
      secure: true,
      httponly: true,
      samesite: 'Lax',
      path: '/',
      'max-age': THIRTY_DAYS,
    });
    // Only the __Host- cookie signs in here: a plain one (set by another subdomain, say) does not.
    const token = cookie?.value ?? '';
    const me = (cookieName: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie: `${cookieName}=${token}` } });
    expect((await me(SECURE_SESSION_COOKIE)).json()).toMatchObject({ email: expect.any(String) });
    signedOut(await me(SESSION_COOKIE));
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: `${SECURE_SESSION_COOKIE}=${token}` },
    });
    expect(responseCookie(logout, SECURE_SESSION_COOKIE)?.attributes.secure).toBe(true);
    signedOut(await me(SECURE_SESSION_COOKIE));
  });

  it('takes only PUBLIC_URL’s origin as its own, not the Host header or another scheme', async () => {
    const attempt = (origin: string, host: string) =>
      postJson(
        t.app,
        '/api/v1/auth/register',
        { email: uniqueEmail(), password: GOOD_PASSWORD, displayName: 'X' },
        {
          headers: { origin, host },
        },
      );
    errorOf(await attempt('http://karta.example.org', 'karta.example.org'), 403, 'forbidden_origin');
    errorOf(await attempt('https://other.example', 'other.example'), 403, 'forbidden_origin');
    expect((await attempt('https://karta.example.org', 'internal:8080')).statusCode).toBe(201);
  });
});
