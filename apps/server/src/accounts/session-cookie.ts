import { SESSION_COOKIE } from '@karta/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import { SESSION_LIFETIME_SECONDS } from './account-service.ts';

/**
 * The session cookie's attributes: never readable by scripts, sent on top-level navigation from
 * other sites but not on their cross-site requests (SameSite=Lax), for the whole site. `Secure`
 * when PUBLIC_URL is https: behind a TLS-terminating proxy the request itself looks like plain
 * HTTP, so PUBLIC_URL is what tells us the browser is on HTTPS.
 */
export function sessionCookieOptions(config: Pick<Config, 'publicUrl'>) {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.publicUrl?.startsWith('https://') ?? false,
  } as const;
}

/** Sets the session cookie to `token` for the whole session lifetime. */
export function setSessionCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    ...sessionCookieOptions(config),
    maxAge: SESSION_LIFETIME_SECONDS,
  });
}

/** Tells the browser to forget the session cookie. */
export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>) {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(config));
}

/** The session token the request presents, if any. */
export function presentedToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value ? value : undefined;
}
