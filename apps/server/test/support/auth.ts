import { createHash } from 'node:crypto';
import { SESSION_COOKIE, type UserRole } from '@karta/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../src/accounts/password-hashing.ts';
import { newSessionToken } from '../../src/accounts/session-repository.ts';

let addressCounter = 0;

/**
 * A fresh loopback client address for `inject` (`remoteAddress`), so tests that register or sign
 * in many times do not share one address's rate limit by accident.
 */
export function nextAddress(): string {
  addressCounter += 1;
  return `127.1.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

let emailCounter = 0;

/** A unique e-mail address for this test run. */
export function uniqueEmail(name = 'user'): string {
  emailCounter += 1;
  return `${name}.${process.pid}.${emailCounter}@example.org`;
}

/** A password that passes every rule. */
export const GOOD_PASSWORD = 'lantern-orchard-velvet-42';

/** One Set-Cookie header of `name`, split into its value and attributes (lower-cased names). */
export interface ParsedCookie {
  value: string;
  attributes: Record<string, string | true>;
}

export function responseCookie(response: LightMyRequestResponse, name = SESSION_COOKIE): ParsedCookie | null {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  const line = lines.find((item) => item.startsWith(`${name}=`));
  if (!line) return null;
  const [pair = '', ...parts] = line.split(';').map((part) => part.trim());
  const attributes: Record<string, string | true> = {};
  for (const part of parts) {
    const [key = '', ...rest] = part.split('=');
    attributes[key.toLowerCase()] = rest.length > 0 ? rest.join('=') : true;
  }
  return { value: decodeURIComponent(pair.slice(name.length + 1)), attributes };
}

/** The `cookie` request header carrying a session token. */
export function sessionHeader(token: string): Record<string, string> {
  return { cookie: `${SESSION_COOKIE}=${token}` };
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

type Extra = Pick<InjectOptions, 'headers' | 'remoteAddress'>;

export function postJson(app: FastifyInstance, url: string, payload: unknown, extra: Extra = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as InjectOptions['payload'],
    remoteAddress: extra.remoteAddress ?? nextAddress(),
    headers: { 'content-type': 'application/json', ...extra.headers },
  });
}

/** Registers an account (from a fresh address); returns the response and its session token. */
export async function register(
  app: FastifyInstance,
  body: { email?: string; password?: string; displayName?: string } = {},
  extra: Extra = {},
) {
  const response = await postJson(
    app,
    '/api/v1/auth/register',
    { email: uniqueEmail(), password: GOOD_PASSWORD, displayName: 'Test User', ...body },
    extra,
  );
  return { response, token: responseCookie(response)?.value ?? null };
}

export async function login(app: FastifyInstance, email: string, password: string, extra: Extra = {}) {
  const response = await postJson(app, '/api/v1/auth/login', { email, password }, extra);
  return { response, token: responseCookie(response)?.value ?? null };
}

/** `GET /auth/me` with `token`. */
export function me(app: FastifyInstance, token: string | null) {
  return app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: token ? sessionHeader(token) : {} });
}

/**
 * Makes an account of `body` the way the site does and signs it in: with mail off by registering;
 * with mail on by following a registration link, written here as registering would write it (the
 * real link is only in the e-mail; tests of the e-mail itself read it there).
 */
export async function registered(
  app: FastifyInstance,
  body: { email: string; displayName: string; password?: string; language?: string },
): Promise<{ response: LightMyRequestResponse; token: string | null }> {
  if (!app.mailer.enabled) return register(app, body);
  const { token, tokenHash } = newSessionToken();
  await app.database.query(
    `INSERT INTO pending_registrations (token_hash, email, display_name, password_hash, mail_language, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + interval '1 hour')`,
    [
      tokenHash,
      body.email,
      body.displayName,
      await hashPassword(body.password ?? GOOD_PASSWORD),
      body.language ?? null,
    ],
  );
  const response = await postJson(app, '/api/v1/auth/register/confirm', { token });
  return { response, token: responseCookie(response)?.value ?? null };
}

/**
 * A signed-in user of `role` (registered as a contributor, then changed in the database):
 * for tests of routes that need one.
 */
export async function signedInUser(app: FastifyInstance, role: UserRole = 'contributor') {
  const email = uniqueEmail(role);
  const { response, token } = await registered(app, { email, displayName: `A ${role}` });
  if (response.statusCode !== 201 || !token) throw new Error(`register failed: ${response.body}`);
  const { id } = response.json() as { id: number };
  if (role !== 'contributor')
    await app.database.query('UPDATE users SET role = $2 WHERE id = $1', [id, role]);
  return { id, email, token, headers: sessionHeader(token) };
}
