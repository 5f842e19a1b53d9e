import { createApiClient } from '@karta/api-client';

/** The first admin of every e2e server (created at start from ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: 'admin@karta.test', password: 'orchard-lantern-velvet-e2e' } as const;

/** A password that passes every rule, for accounts the tests register. */
export const E2E_PASSWORD = 'copper-meadow-harbour-e2e';

/** Distinct addresses handed out before they repeat. */
const ADDRESSES = 12_500;
// Each test file counts from a random point: files share the servers (and their per-address
// limits), and counting from 0 in each gave the first addresses to every file.
let addressCounter = Math.floor(Math.random() * ADDRESSES);

/**
 * A client address of its own for each browser page or API client, sent as `X-Forwarded-For`
 * (the e2e servers run with TRUST_PROXY, as behind a proxy). So each test is one visitor to the
 * real rate limits (5 registrations an hour per address) instead of all sharing 127.0.0.1. The
 * addresses are from TEST-NET-2 (RFC 5737): a header value only, never contacted.
 */
export function nextClientAddress(): string {
  addressCounter += 1;
  const n = addressCounter % ADDRESSES;
  return `198.51.${100 + Math.floor(n / 250)}.${(n % 250) + 1}`;
}

let emailCounter = 0;

/** A unique e-mail address for this run. */
export function uniqueEmail(name = 'user'): string {
  emailCounter += 1;
  return `${name}.${process.pid}.${Date.now().toString(36)}.${emailCounter}@karta.test`;
}

/**
 * The typed client acting as one signed-in person (a cookie jar of one cookie) from an address
 * of its own: for arranging what a browser test then looks at.
 */
export function sessionApi(baseUrl: string) {
  let cookie = '';
  const address = nextClientAddress();
  const fetchWithSession: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('x-forwarded-for', address);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(input, { ...init, headers });
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0] ?? '';
    return response;
  };
  return createApiClient({ baseUrl, fetch: fetchWithSession });
}

/** A new contributor, signed in through the API. */
export async function newContributor(baseUrl: string, displayName = 'E2E contributor') {
  const api = sessionApi(baseUrl);
  const email = uniqueEmail('contributor');
  const user = await api.register({ email, password: E2E_PASSWORD, displayName });
  return { api, user, email, password: E2E_PASSWORD };
}

const adminSessions = new Map<string, ReturnType<typeof signInAdmin>>();

async function signInAdmin(baseUrl: string) {
  const api = sessionApi(baseUrl);
  const user = await api.login({ email: E2E_ADMIN.email, password: E2E_ADMIN.password });
  return { api, user };
}

/**
 * The e2e server's first admin, signed in through the API once per server and test file: the
 * real limit of 5 sign-ins per account in 15 minutes applies to the admin too.
 */
export function adminApi(baseUrl: string) {
  let session = adminSessions.get(baseUrl);
  if (!session) {
    session = signInAdmin(baseUrl);
    adminSessions.set(baseUrl, session);
  }
  return session;
}

/**
 * A new moderator (registered, then promoted by the admin), with the credentials to sign in
 * once in the browser, so browser tests never share one account's sign-in limit.
 */
export async function newModerator(baseUrl: string, displayName = 'E2E moderator') {
  const moderator = await newContributor(baseUrl, displayName);
  const { api: admin } = await adminApi(baseUrl);
  await admin.updateUser(moderator.user.id, { role: 'moderator' });
  return moderator;
}
