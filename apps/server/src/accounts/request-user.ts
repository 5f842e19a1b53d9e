import type { UserRole } from '@karta/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createTokenAuthentication } from '../api-tokens/token-auth.ts';
import { refusesForStorage } from '../db/storage-guard.ts';
import { isApiRoute } from '../http/api-route.ts';
import { bearerValue } from '../http/bearer.ts';
import { AppError } from '../http/errors.ts';
import type { RequestUser } from './account-service.ts';
import { clearSessionCookie, presentedToken, setSessionCookie } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who sent the request: the user of a valid session cookie, or null. Set before handlers run. */
    user: RequestUser | null;
  }
}

/**
 * Resolves the session cookie of every API request to `request.user` (one indexed query, only
 * when a cookie is presented). An unknown, expired or disabled session counts as none and its
 * cookie is cleared; a session in use is extended at most once a day and its cookie sent again.
 * A request with `Authorization: Bearer` is its API token's instead, and its cookie is not read
 * (api-tokens/token-auth.ts): a token that does not work is refused, never taken as a visitor.
 */
export function registerRequestUser(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('apiToken', null);
  const authenticateToken = createTokenAuthentication(app);
  // Before the contract checks the input (validation comes between preValidation and preHandler),
  // so the write limit below can count a refused write against its user.
  app.addHook('preValidation', async (request, reply) => {
    if (!isApiRoute(request)) return;
    const bearer = bearerValue(request.headers.authorization);
    if (bearer !== undefined) return authenticateToken(request, reply, bearer);
    const token = presentedToken(request);
    if (!token) return;
    // PGlite hangs on a full disk: while storage is low, no session bookkeeping writes.
    const session = await app.accounts.resolveSession(token, {
      mayWrite: !refusesForStorage(app.storage, false),
    });
    if (!session) {
      clearSessionCookie(reply, app.appConfig);
      return;
    }
    request.user = session.user;
    // What a signed-in reader gets may hold private parts (exact positions): never for a shared cache.
    reply.header('cache-control', 'private, no-store');
    if (session.renewed) setSessionCookie(reply, app.appConfig, token);
  });
}

/** The roles that moderate: review, reports, categories, import (docs/product-rules.md §Roles). */
export const MODERATOR_ROLES = ['moderator', 'admin'] as const satisfies readonly UserRole[];

/**
 * The request's user, or a 401 when not signed in; with `roles`, a 403 unless the user has one
 * of them. Use it first thing in a handler that needs a user.
 */
export function requireUser(request: FastifyRequest, roles?: readonly UserRole[]): RequestUser {
  const user = request.user;
  if (!user) throw new AppError('unauthorized', 'Sign in to do this');
  if (roles && !roles.includes(user.role)) {
    throw new AppError('forbidden', 'Your account is not allowed to do this');
  }
  return user;
}
