import { SESSION_COOKIE } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, login, nextAddress, register, uniqueEmail } from './support/auth.ts';
import {
  asBrowser,
  type CookieJar,
  cookieHeader,
  signInAt,
  startTestProvider,
  type TestProvider,
} from './support/oidc-provider.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/** Karta's address as the provider's clients know it (their redirect URIs). */
const PUBLIC_URL = 'http://127.0.0.1:8080';

/**
 * Three Karta providers on one real OpenID provider (README, "Single sign-on"): `alpha` is trusted
 * for e-mail and gives roles from `groups`; `beta` is not trusted; `gamma` takes only city.example.
 */
function providerEnv(issuer: string): Record<string, string> {
  return {
    PUBLIC_URL,
    OIDC_ALPHA_ISSUER: issuer,
    OIDC_ALPHA_CLIENT_ID: 'alpha',
    OIDC_ALPHA_CLIENT_SECRET: 'alpha-secret',
    OIDC_ALPHA_LABEL: 'City account',
    OIDC_ALPHA_TRUST_EMAIL: 'true',
    OIDC_ALPHA_SCOPES: 'groups',
    OIDC_ALPHA_ROLE_CLAIM: 'groups',
    OIDC_ALPHA_MODERATOR_VALUES: 'karta-moderators',
    OIDC_ALPHA_ADMIN_VALUES: 'karta-admins',
    OIDC_BETA_ISSUER: issuer,
    OIDC_BETA_CLIENT_ID: 'beta',
    OIDC_BETA_CLIENT_SECRET: 'beta-secret',
    OIDC_GAMMA_ISSUER: issuer,
    OIDC_GAMMA_CLIENT_ID: 'gamma',
    OIDC_GAMMA_CLIENT_SECRET: 'gamma-secret',
    OIDC_GAMMA_ALLOWED_DOMAINS: 'city.example',
  };
}

let subjectCounter = 0;
/** A new person at the provider; returns their subject. */
function person(idp: TestProvider, claims: Parameters<TestProvider['people']['set']>[1]): string {
  subjectCounter += 1;
  const subject = `person-${process.pid}-${subjectCounter}`;
  idp.people.set(subject, claims);
  return subject;
}

describe.skipIf(!databaseAvailable)(`single sign-on through a real OpenID provider (${dbKind})`, () => {
  let idp: TestProvider;
  let t: TestApp;

  beforeAll(async () => {
    idp = await startTestProvider(PUBLIC_URL, ['alpha', 'beta', 'gamma']);
    t = await startTestApp({ env: providerEnv(idp.issuer) });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  /** A browser: Karta's cookies, the provider's, and its client address. */
  function browser() {
    return { karta: new Map() as CookieJar, provider: new Map() as CookieJar, address: nextAddress() };
  }

  /**
   * Signs `subject` in through `name` in `b`, as far as the provider's redirect back; returns the
   * callback's path (with code and state) without opening it.
   */
  async function throughProvider(
    b: ReturnType<typeof browser>,
    name: string,
    subject: string,
    returnTo?: string,
  ) {
    const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
    const start = await asBrowser(t.app, b.karta, `/api/v1/auth/oidc/${name}/start${query}`, b.address);
    expect(start.statusCode, start.body).toBe(302);
    const callback = await signInAt(String(start.headers.location), subject, b.provider);
    expect(callback.origin).toBe(PUBLIC_URL);
    return `${callback.pathname}${callback.search}`;
  }

  /** The whole sign-in; returns the callback's answer. */
  async function signIn(b: ReturnType<typeof browser>, name: string, subject: string, returnTo?: string) {
    const callback = await throughProvider(b, name, subject, returnTo);
    return asBrowser(t.app, b.karta, callback, b.address);
  }

  async function whoAmI(b: ReturnType<typeof browser>) {
    const response = await asBrowser(t.app, b.karta, '/api/v1/auth/me', b.address);
    return response.json() as {
      id: number;
      email: string;
      displayName: string;
      role: string;
      emailVerified: boolean;
    } | null;
  }

  const userCount = async () =>
    (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]?.n ?? 0;

  it('lists the providers and password sign-in in the client config', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(response.json().signIn).toEqual({
      password: true,
      providers: [
        { name: 'alpha', label: 'City account' },
        { name: 'beta', label: 'Beta' },
        { name: 'gamma', label: 'Gamma' },
      ],
    });
  });

  it('starts with PKCE, state and nonce, and a returnTo only of this site', async () => {
    const b = browser();
    const start = await asBrowser(
      t.app,
      b.karta,
      '/api/v1/auth/oidc/alpha/start?returnTo=//evil.example/x',
      b.address,
    );
    expect(start.statusCode).toBe(302);
    const url = new URL(String(start.headers.location));
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid email profile groups');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/v1/auth/oidc/alpha/callback`);
    const { rows } = await t.database.query<{ returnTo: string }>(
      'SELECT return_to AS "returnTo" FROM sso_attempts WHERE state = $1',
      [url.searchParams.get('state')],
    );
    expect(rows[0]?.returnTo).toBe('/');
    const unknown = await asBrowser(t.app, b.karta, '/api/v1/auth/oidc/delta/start', b.address);
    expect(unknown.statusCode).toBe(404);
  });

  it('creates an account at the first sign-in and finds it by issuer and subject after its e-mail changed', async () => {
    const email = uniqueEmail('ana');
    const subject = person(idp, { email, email_verified: true, name: 'Ana Horvat' });
    const before = await userCount();
    const b = browser();
    const answer = await signIn(b, 'alpha', subject, '/places?mine=true');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/places?mine=true');
    // A sign-in's answers are the person's own: never cached.
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(b.karta.get(SESSION_COOKIE)).toBeTruthy();
    const first = await whoAmI(b);
    expect(first).toMatchObject({
      email,
      displayName: 'Ana Horvat',
      role: 'contributor',
      emailVerified: true,
    });
    expect(await userCount()).toBe(before + 1);

    idp.people.set(subject, { email: uniqueEmail('ana.new'), email_verified: true, name: 'Ana H.' });
    const again = browser();
    expect((await signIn(again, 'alpha', subject)).headers.location).toBe('/');
    expect((await whoAmI(again))?.id).toBe(first?.id);
    expect(await userCount()).toBe(before + 1);
  });

  it('refuses a replayed state, an altered one, and one of another browser', async () => {
    const subject = person(idp, { email: uniqueEmail('replay'), email_verified: true });
    const b = browser();
    const callback = await throughProvider(b, 'alpha', subject);
    const first = await asBrowser(t.app, b.karta, callback, b.address);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/');

    const replayer = browser();
    replayer.karta.set('karta_sso', String(b.karta.get('karta_sso')));
    const replayed = await asBrowser(t.app, replayer.karta, callback, replayer.address);
    expect(replayed.headers.location).toBe('/sign-in?sso=expired');
    expect(replayer.karta.get(SESSION_COOKIE)).toBeUndefined();

    const c = browser();
    const fresh = await throughProvider(c, 'alpha', subject);
    const altered = fresh.replace(/state=([^&]+)/, (_all, state: string) => `state=${state.slice(0, -2)}xy`);
    expect(altered).not.toBe(fresh);
    const alteredAnswer = await asBrowser(t.app, c.karta, altered, c.address);
    expect(alteredAnswer.headers.location).toBe('/sign-in?sso=expired');
    expect(c.karta.get(SESSION_COOKIE)).toBeUndefined();

    const d = browser();
    const planted = await throughProvider(d, 'alpha', subject);
    const elsewhere = browser();
    const plantedAnswer = await asBrowser(t.app, elsewhere.karta, planted, elsewhere.address);
    expect(plantedAnswer.headers.location).toBe('/sign-in?sso=expired');
    expect(elsewhere.karta.get(SESSION_COOKIE)).toBeUndefined();
  });

  it('links an account by a verified e-mail of a provider trusted for e-mail', async () => {
    const email = uniqueEmail('linked');
    const registered = await register(t.app, { email });
    const { id } = registered.response.json() as { id: number };
    const b = browser();
    const answer = await signIn(b, 'alpha', person(idp, { email, email_verified: true }));
    expect(answer.headers.location).toBe('/');
    expect((await whoAmI(b))?.id).toBe(id);
    const identities = await asBrowser(t.app, b.karta, '/api/v1/account/identities', b.address);
    expect(identities.json()).toMatchObject({
      hasPassword: true,
      items: [{ provider: 'alpha', label: 'City account', email }],
    });
  });

  it('does not link by an unverified or untrusted e-mail until the account’s password is given in that browser', async () => {
    const email = uniqueEmail('careful');
    const { id } = (await register(t.app, { email })).response.json() as { id: number };
    const before = await userCount();

    const unverified = person(idp, { email, email_verified: false });
    const b = browser();
    expect((await signIn(b, 'alpha', unverified)).headers.location).toBe('/sign-in?sso=link_needs_password');
    expect(b.karta.get(SESSION_COOKIE)).toBeUndefined();

    // beta is not trusted for e-mail, however verified it says the address is.
    const untrusted = browser();
    const verifiedElsewhere = person(idp, { email, email_verified: true });
    expect((await signIn(untrusted, 'beta', verifiedElsewhere)).headers.location).toBe(
      '/sign-in?sso=link_needs_password',
    );
    expect(untrusted.karta.get(SESSION_COOKIE)).toBeUndefined();
    expect(await userCount()).toBe(before);

    // The password given in another browser links nothing.
    const other = browser();
    expect(
      (await login(t.app, email, GOOD_PASSWORD, { remoteAddress: other.address })).response.statusCode,
    ).toBe(200);
    const { rows: none } = await t.database.query('SELECT 1 FROM sso_identities WHERE user_id = $1', [id]);
    expect(none).toHaveLength(0);

    // In the browser that came from the provider, the password links the identity.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: b.address,
      headers: { 'content-type': 'application/json', cookie: cookieHeader(b.karta) },
      payload: { email, password: GOOD_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    const later = browser();
    expect((await signIn(later, 'alpha', unverified)).headers.location).toBe('/');
    expect((await whoAmI(later))?.id).toBe(id);
  });

  it('refuses an e-mail outside the provider’s allowed domains, and takes one inside', async () => {
    const before = await userCount();
    const outside = browser();
    const refused = await signIn(
      outside,
      'gamma',
      person(idp, { email: uniqueEmail('x'), email_verified: true }),
    );
    expect(refused.headers.location).toBe('/sign-in?sso=domain_not_allowed');
    expect(await userCount()).toBe(before);
    const inside = browser();
    const email = `staff.${process.pid}.${subjectCounter}@city.example`;
    expect(
      (await signIn(inside, 'gamma', person(idp, { email, email_verified: true }))).headers.location,
    ).toBe('/');
    expect(await whoAmI(inside)).toMatchObject({ email, role: 'contributor' });
  });

  it('gives roles from the groups claim at each sign-in, up and down, and a lowered role holds at once', async () => {
    const subject = person(idp, {
      email: uniqueEmail('staff'),
      email_verified: true,
      groups: ['karta-admins'],
    });
    const admin = browser();
    await signIn(admin, 'alpha', subject);
    expect((await whoAmI(admin))?.role).toBe('admin');

    idp.people.set(subject, { ...idp.people.get(subject), groups: ['staff', 'karta-moderators'] });
    await signIn(browser(), 'alpha', subject);
    // The first browser's session reads the role of now.
    expect((await whoAmI(admin))?.role).toBe('moderator');
    const users = await asBrowser(t.app, admin.karta, '/api/v1/users', admin.address);
    expect(users.statusCode).toBe(403);

    idp.people.set(subject, { ...idp.people.get(subject), groups: [] });
    await signIn(browser(), 'alpha', subject);
    const me = await whoAmI(admin);
    expect(me?.role).toBe('contributor');

    // Each change is in the audit log as the site's own, naming the provider and its claim.
    const { rows } = await t.database.query<{
      actor_id: number | null;
      via: string;
      reason: string;
      before: unknown;
      after: unknown;
    }>(
      `SELECT actor_id, via, reason, before, after FROM audit_log
       WHERE action = 'user.update' AND object_id = $1 ORDER BY id`,
      [String(me?.id)],
    );
    expect(rows.map((row) => [row.before, row.after])).toEqual([
      [{ role: 'contributor' }, { role: 'admin' }],
      [{ role: 'admin' }, { role: 'moderator' }],
      [{ role: 'moderator' }, { role: 'contributor' }],
    ]);
    expect(rows.every((row) => row.actor_id === null && row.via === 'system')).toBe(true);
    expect(rows[0]?.reason).toMatch(/^Single sign-on: .+, claim groups$/);
  });

  it('unlinks an identity, but not the last way to sign in', async () => {
    const b = browser();
    await signIn(b, 'alpha', person(idp, { email: uniqueEmail('only'), email_verified: true }));
    const list = (await asBrowser(t.app, b.karta, '/api/v1/account/identities', b.address)).json() as {
      items: { id: number }[];
      hasPassword: boolean;
    };
    expect(list.hasPassword).toBe(false);
    expect(list.items).toHaveLength(1);
    const unlink = (id: number, jar: CookieJar) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/account/identities/${id}`,
        headers: { cookie: cookieHeader(jar) },
      });
    const refused = await unlink(list.items[0]?.id ?? 0, b.karta);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('last_sign_in_method');

    const email = uniqueEmail('two-ways');
    await register(t.app, { email });
    const c = browser();
    await signIn(c, 'alpha', person(idp, { email, email_verified: true }));
    const mine = (await asBrowser(t.app, c.karta, '/api/v1/account/identities', c.address)).json() as {
      items: { id: number }[];
    };
    expect((await unlink(list.items[0]?.id ?? 0, c.karta)).statusCode).toBe(404);
    expect((await unlink(mine.items[0]?.id ?? 0, c.karta)).statusCode).toBe(204);
  });

  it('answers a provider that is down with the sign-in page’s explanation, and started anyway', async () => {
    const down = await startTestApp({
      env: {
        PUBLIC_URL,
        OIDC_DOWN_ISSUER: 'http://127.0.0.1:9',
        OIDC_DOWN_CLIENT_ID: 'down',
        OIDC_DOWN_CLIENT_SECRET: 'down-secret',
      },
    });
    try {
      const start = await down.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/down/start' });
      expect(start.statusCode).toBe(303);
      expect(start.headers.location).toBe('/sign-in?sso=provider_unavailable');
    } finally {
      await down.close();
    }
  });
});

describe.skipIf(!databaseAvailable)(`a site that signs in by single sign-on only (${dbKind})`, () => {
  let idp: TestProvider;
  let t: TestApp;

  beforeAll(async () => {
    idp = await startTestProvider(PUBLIC_URL, ['alpha']);
    t = await startTestApp({ env: { ...providerEnv(idp.issuer), PASSWORD_LOGIN: 'false' } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('refuses sign-in, registration and reset by password, and says so in the config', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(config.json().signIn.password).toBe(false);
    const signIn = await login(t.app, uniqueEmail(), GOOD_PASSWORD);
    expect(signIn.response.statusCode).toBe(403);
    expect(signIn.response.json().error.code).toBe('password_login_off');
    const registration = await register(t.app);
    expect(registration.response.statusCode).toBe(403);
    expect(registration.response.json().error.code).toBe('password_login_off');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      headers: { 'content-type': 'application/json' },
      payload: { email: uniqueEmail() },
    });
    expect(reset.statusCode).toBe(403);

    const b = { karta: new Map() as CookieJar, provider: new Map() as CookieJar, address: nextAddress() };
    idp.people.set('only-sso', { email: uniqueEmail('sso'), email_verified: true });
    const start = await asBrowser(t.app, b.karta, '/api/v1/auth/oidc/alpha/start', b.address);
    const callback = await signInAt(String(start.headers.location), 'only-sso', b.provider);
    const answer = await asBrowser(t.app, b.karta, `${callback.pathname}${callback.search}`, b.address);
    expect(answer.headers.location).toBe('/');
    expect(b.karta.get(SESSION_COOKIE)).toBeTruthy();
  });
});
