import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@karta/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import { SESSION_LIFETIME_SECONDS } from './account-service.ts';

type CookieConfig = Pick<Config, 'publicUrl'>;

/**
 * Whether the browser reaches the site over HTTPS. Behind a TLS-terminating proxy the request
 * itself looks like plain HTTP, so PUBLIC_URL is what tells us.
 */
function isHttps(config: CookieConfig): boolean {
  return config.publicUrl?.startsWith('https://') ?? false;
}

/**
 * The session cookie's name: `__Host-karta_session` over HTTPS, which the browser accepts only
 * with `Secure`, `Path=/` and no `Domain`, so another subdomain cannot set or shadow it;
 * `karta_session` over plain HTTP, where a `__Host-` cookie cannot be set at all.
 */
export function sessionCookieName(config: CookieConfig): string {
  return isHttps(config) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/**
 * The session cookie's attributes: never readable by scripts, sent on top-level navigation from
 * other sites but not on their cross-site requests (SameSite=Lax), for the whole site, no
 * `Domain`, `Secure` over HTTPS.
 */
export function sessionCookieOptions(config: CookieConfig) {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: isHttps(config) } as const;
}

/** Sets the session cookie to `token` for the sliding session lifetime. */
export function setSessionCookie(reply: FastifyReply, config: CookieConfig, token: string) {
  reply.setCookie(sessionCookieName(config), token, {
    ...sessionCookieOptions(config),
    maxAge: SESSION_LIFETIME_SECONDS,
  });
}

/** Tells the browser to forget the session cookie. */
export function clearSessionCookie(reply: FastifyReply, config: CookieConfig) {
  reply.clearCookie(sessionCookieName(config), sessionCookieOptions(config));
}

/** The session token the request presents, if any (only in the cookie of this site's scheme). */
export function presentedToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[sessionCookieName(request.server.appConfig)];
  return value ? value : undefined;
}
