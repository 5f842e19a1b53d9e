import { randomBytes } from 'node:crypto';
import { SESSION_COOKIE } from '@karta/contracts';
import { hashPassword } from '../../apps/server/src/accounts/password-hashing.ts';
import {
  createSessionRepository,
  newSessionToken,
} from '../../apps/server/src/accounts/session-repository.ts';
import { createUserRepository } from '../../apps/server/src/accounts/user-repository.ts';
import { openDatabase } from '../../apps/server/src/db/open-database.ts';
import type { SeededDatabase } from './seeded-database.ts';

/** The admin every bench server that writes is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = { email: 'bench-admin@example.org', password: 'lantern-orchard-velvet-42' };
export const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

/** Signs the bench admin in on `url`; returns the session cookie to send with writes. */
export async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`signing in answered ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** Sends a JSON request as the signed-in admin; throws with the answer when it is not 2xx. */
export async function sendJson<T>(
  url: string,
  cookie: string,
  method: 'GET' | 'POST' | 'PATCH',
  body?: unknown,
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Adds `count` moderators, each with a session, straight into a database no server runs on yet
 * (through the server's own repositories), and returns their session cookies. A bench that writes
 * faster than one account may (60 writes a minute) spreads its writes over them.
 */
export async function addModerators(database: SeededDatabase, count: number): Promise<string[]> {
  const db = await openDatabase({
    databaseUrl: database.databaseUrl ?? null,
    dataDir: database.dataDir ?? '',
  });
  try {
    const users = createUserRepository(db);
    const sessions = createSessionRepository(db);
    const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
    const cookies: string[] = [];
    for (let i = 1; i <= count; i += 1) {
      const user = await users.insert({
        email: `bench-moderator-${i}@example.org`,
        displayName: `Bench moderator ${i}`,
        passwordHash,
        role: 'moderator',
        emailVerified: true,
      });
      if (!user) throw new Error(`bench-moderator-${i} exists already`);
      const { token, tokenHash } = newSessionToken();
      await sessions.create(user.id, tokenHash, 24 * 60 * 60, 'Bench');
      cookies.push(`${SESSION_COOKIE}=${token}`);
    }
    return cookies;
  } finally {
    await db.close();
  }
}
