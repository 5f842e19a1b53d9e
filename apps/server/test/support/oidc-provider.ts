import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Provider from 'oidc-provider';

/** What the test provider says about one person: their subject is the map's key. */
export interface ProviderPerson {
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  /** People by subject; a test changes them between sign-ins (a new e-mail, other groups). */
  people: Map<string, ProviderPerson>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (`oidc-provider`) on a free 127.0.0.1 port, with one confidential client
 * per name (`client_id` = name, secret `<name>-secret`) whose redirect URI is Karta's callback at
 * `publicUrl`. Its development sign-in and consent pages are HTML forms (`signInAt` fills them).
 * `publicUrl` may be a function, read at the first request: Karta reads the provider's discovery
 * at its first sign-in, so a Karta started after the provider (knowing its issuer) still fits.
 */
export async function startTestProvider(
  publicUrl: string | (() => string),
  clientNames: string[],
): Promise<TestProvider> {
  const people = new Map<string, ProviderPerson>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const karta = () => (typeof publicUrl === 'string' ? publicUrl : publicUrl());
  const provide = () =>
    new Provider(issuer, {
      clients: clientNames.map((name) => ({
        client_id: name,
        client_secret: `${name}-secret`,
        redirect_uris: [`${karta()}/api/v1/auth/oidc/${name}/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      })),
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name'],
        groups: ['groups'],
      },
      scopes: ['openid', 'email', 'profile', 'groups'],
      cookies: { keys: ['test-provider-cookie-key'] },
      features: { devInteractions: { enabled: true } },
      pkce: { required: () => true },
      async findAccount(_ctx, sub) {
        const person = people.get(sub);
        if (!person) return undefined;
        return { accountId: sub, claims: async () => ({ sub, ...people.get(sub) }) };
      },
    });
  let handle: ReturnType<Provider['callback']> | undefined;
  server.on('request', (request, response) => {
    handle ??= provide().callback();
    return handle(request, response);
  });
  return {
    issuer,
    people,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Cookies by name, as a browser would keep them for one site (paths are not told apart). */
export type CookieJar = Map<string, string>;

export function keepCookies(jar: CookieJar, setCookies: readonly string[]) {
  for (const line of setCookies) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (value === '' || /;\s*max-age=0\b|expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

export const cookieHeader = (jar: CookieJar) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/**
 * Follows the provider's pages from an authorization URL as a browser would, signing in as
 * `subject` (any password) and consenting, until the provider redirects back to Karta: returns
 * that callback URL (with its code, state and issuer). `providerJar` keeps the provider's session.
 */
export async function signInAt(
  authorizationUrl: string,
  subject: string,
  providerJar: CookieJar,
): Promise<URL> {
  let url = new URL(authorizationUrl);
  const issuerOrigin = url.origin;
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader(providerJar) } });
    keepCookies(providerJar, response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.origin !== issuerOrigin) return url;
      continue;
    }
    const page = await response.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (response.status !== 200 || !prompt)
      throw new Error(`The provider answered ${response.status}: ${page.slice(0, 300)}`);
    const form = new URLSearchParams({
      prompt,
      ...(prompt === 'login' ? { login: subject, password: 'any' } : {}),
    });
    const submitted = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookieHeader(providerJar), 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    keepCookies(providerJar, submitted.headers.getSetCookie());
    const next = submitted.headers.get('location');
    if (!next)
      throw new Error(
        `The provider's ${prompt} form answered ${submitted.status}: ${(await submitted.text()).slice(0, 300)}`,
      );
    url = new URL(next, url);
    if (url.origin !== issuerOrigin) return url;
  }
  throw new Error('The provider did not send the person back');
}

/** Karta's answer to a request by a browser holding `jar` (its cookies kept from the answer). */
export async function asBrowser(app: FastifyInstance, jar: CookieJar, url: string, remoteAddress: string) {
  const response = await app.inject({
    method: 'GET',
    url,
    remoteAddress,
    headers: { cookie: cookieHeader(jar) },
  });
  const setCookie = response.headers['set-cookie'];
  keepCookies(jar, setCookie === undefined ? [] : [setCookie].flat().map(String));
  return response;
}
