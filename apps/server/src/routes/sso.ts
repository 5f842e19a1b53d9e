import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deviceLabel } from '../accounts/device-label.ts';
import { ProviderUnavailableError } from '../accounts/oidc-client.ts';
import { requireUser } from '../accounts/request-user.ts';
import { presentedToken, sessionCookieOptions, setSessionCookie } from '../accounts/session-cookie.ts';
import {
  hashBrowserToken,
  isBrowserToken,
  newBrowserToken,
  SSO_ATTEMPT_SECONDS,
} from '../accounts/sso-sign-in.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { RATE_LIMITS } from '../http/rate-limit.ts';

/**
 * The browser's token for its sign-ins at providers and a link waiting for its password: sent
 * only to `/api/v1/auth/` (the callback and the password sign-in), for ten minutes.
 */
export const SSO_BROWSER_COOKIE = 'karta_sso';
const SSO_COOKIE_PATH = '/api/v1/auth/';

/** The token of this browser's `karta_sso` cookie, if it holds one of ours. */
export function ssoBrowserToken(request: FastifyRequest): string | null {
  const value = request.cookies[SSO_BROWSER_COOKIE];
  return isBrowserToken(value) ? value : null;
}

/** Forgets the browser's `karta_sso` cookie (a waiting link was completed). */
export function clearSsoBrowserCookie(reply: FastifyReply, request: FastifyRequest) {
  reply.clearCookie(SSO_BROWSER_COOKIE, {
    ...sessionCookieOptions(request.server.appConfig),
    path: SSO_COOKIE_PATH,
  });
}

/** A path of this site to land on; anything else (another site, `//host`, `/\host`) is `/`. */
export function sameSitePath(value: string | undefined): string {
  if (value === undefined || !value.startsWith('/') || value.startsWith('//')) return '/';
  // A backslash counts as a slash in browsers (`/\\host`), and control characters have no place.
  const unsafe = [...value].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char === '\u007f');
  return unsafe ? '/' : value;
}

/** The redirect URI registered at the provider: PUBLIC_URL's (else this request's origin) callback. */
function redirectUri(request: FastifyRequest, name: string): URL {
  const origin = request.server.appConfig.publicUrl ?? `${request.protocol}://${request.host}`;
  return new URL(`/api/v1/auth/oidc/${name}/callback`, origin);
}

/** Where the web app's sign-in page explains why single sign-on did not sign in. */
const problemPage = (problem: string) => `/sign-in?sso=${problem}`;

const UNKNOWN_PROVIDER = 'There is no single sign-on provider of this name.';

/**
 * Single sign-on (README, "Single sign-on"): start, callback, and the account's identities.
 * Registered inside `authRoutes`, whose answers are never cached.
 */
export async function ssoRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    'ssoStart',
    async (request, reply) => {
      const name = request.params.id;
      if (!app.sso.has(name)) throw new AppError('not_found', UNKNOWN_PROVIDER);
      const browser = ssoBrowserToken(request) ?? newBrowserToken();
      let url: URL;
      try {
        url = await app.sso.start(name, {
          redirectUri: redirectUri(request, name).href,
          returnTo: sameSitePath(request.query.returnTo),
          browserHash: hashBrowserToken(browser),
        });
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        request.log.warn({ err: error, provider: name }, 'single sign-on provider unavailable');
        return reply.redirect(problemPage('provider_unavailable'), 303);
      }
      reply.setCookie(SSO_BROWSER_COOKIE, browser, {
        ...sessionCookieOptions(app.appConfig),
        path: SSO_COOKIE_PATH,
        maxAge: SSO_ATTEMPT_SECONDS,
      });
      return reply.redirect(url.href, 302);
    },
    { options: { config: { rateLimit: RATE_LIMITS.loginPerAddress } } },
  );

  defineRoute(
    app,
    'ssoCallback',
    async (request, reply) => {
      const name = request.params.id;
      if (!app.sso.has(name)) throw new AppError('not_found', UNKNOWN_PROVIDER);
      const callbackUrl = redirectUri(request, name);
      callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
      const browser = ssoBrowserToken(request);
      const outcome = await app.sso.finish(name, {
        callbackUrl,
        browserHash: browser ? hashBrowserToken(browser) : null,
        from: { previousToken: presentedToken(request), device: deviceLabel(request.headers['user-agent']) },
      });
      if ('problem' in outcome) {
        request.log.info({ provider: name, problem: outcome.problem }, 'single sign-on refused');
        return reply.redirect(problemPage(outcome.problem), 303);
      }
      setSessionCookie(reply, app.appConfig, outcome.started.token);
      return reply.redirect(outcome.returnTo, 303);
    },
    { options: { config: { rateLimit: RATE_LIMITS.loginPerAddress } } },
  );

  defineRoute(app, 'listIdentities', async (request) => {
    const user = requireUser(request);
    return app.sso.listOfUser(user.id);
  });

  defineRoute(app, 'unlinkIdentity', async (request, reply) => {
    const user = requireUser(request);
    const outcome = await app.sso.unlink(user.id, request.params.id);
    if (outcome === 'missing') throw new AppError('not_found', 'There is no such identity of yours.');
    if (outcome === 'last') {
      throw new AppError(
        'last_sign_in_method',
        'This is the last way to sign in to your account: set a password or link another provider first.',
      );
    }
    return reply.code(204).send();
  });
}
