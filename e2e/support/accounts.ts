import { appendFileSync, statSync } from 'node:fs';
import { createApiClient } from '@karta/api-client';
import { inject } from 'vitest';
import { waitForMailWithSubject } from './mailbox.ts';

/** The first admin of every e2e server (created at start from ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: 'admin@karta.test', password: 'orchard-lantern-velvet-e2e' } as const;

/** A password that passes every rule, for accounts the tests register. */
export const E2E_PASSWORD = 'copper-meadow-harbour-e2e';

/** Distinct addresses handed out before they repeat, in blocks of one per test file. */
const ADDRESSES = 12_500;
const BLOCK = 250;

/**
 * The first address of this test file's block. Files share the servers (and their per-address
 * limits), so each takes the next block of the run: the global setup's block file grows by one
 * byte per file (files run one at a time), and its length is the file's number.
 */
function firstAddressOfFile(): number {
  const blocks = inject('addressBlocks');
  if (!blocks) return Math.floor(Math.random() * ADDRESSES);
  appendFileSync(blocks, '.');
  return ((statSync(blocks).size - 1) * BLOCK) % ADDRESSES;
}

let addressCounter: number | undefined;

/**
 * A client address of its own for each browser page or API client, sent as `X-Forwarded-For`
 * (the e2e servers run with TRUST_PROXY, as behind a proxy). So each test is one visitor to the
 * real rate limits (5 registrations an hour per address) instead of all sharing 127.0.0.1. The
 * addresses are header values only, never contacted.
 */
export function nextClientAddress(): string {
  addressCounter = (addressCounter ?? firstAddressOfFile()) + 1;
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

/**
 * A new contributor, signed in through the API: registered at once where the server sends no
 * e-mail, else by following the link it mails (from the e2e SMTP server's saved messages).
 */
export async function newContributor(baseUrl: string, displayName = 'E2E contributor') {
  const api = sessionApi(baseUrl);
  const email = uniqueEmail('contributor');
  const answer = await api.register({ email, password: E2E_PASSWORD, displayName });
  const user =
    'pending' in answer
      ? await api.confirmRegistration({ token: await registrationTokenFor(email) })
      : answer;
  return { api, user, email, password: E2E_PASSWORD };
}

/** The token of the registration link mailed to `email`. */
export async function registrationTokenFor(email: string): Promise<string> {
  return new URL(await registrationLinkFor(email)).searchParams.get('token') ?? '';
}

/** The registration link mailed to `email` (`…/complete-registration?token=…`). */
export async function registrationLinkFor(email: string): Promise<string> {
  // In the language the form was sent in.
  const mail = await waitForMailWithSubject(email, /^(Finish creating your |Dovršite otvaranje računa )/);
  const link = /\S+\/complete-registration\?token=[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no registration link in: ${mail.text}`);
  return link;
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

/** A new admin (a moderator promoted by the e2e admin), to sign in once in the browser. */
export async function newAdmin(baseUrl: string, displayName = 'E2E admin') {
  const admin = await newModerator(baseUrl, displayName);
  const { api } = await adminApi(baseUrl);
  await api.updateUser(admin.user.id, { role: 'admin' });
  return admin;
}
