import {
  type CurrentUser,
  type EndpointName,
  endpoints,
  TOKEN_SCOPE_OF,
  type TokenScope,
  tokenAccess,
  type UserRole,
} from '@karta/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refusesForStorage } from '../db/storage-guard.ts';
import { fastifyPath } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { createLimiter, RATE_LIMITS } from '../http/rate-limit.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token the request was sent with (`Authorization: Bearer`), or null. */
    apiToken: { id: number; scopes: TokenScope[] } | null;
  }
}

export const TOKEN_INVALID_MESSAGE =
  'This API token does not work: it is unknown, revoked or expired, or its account is disabled.';

/** `GET /api/v1/places/:id` → `getPlace`: the endpoint of each route, as the router names it. */
const ENDPOINT_OF_ROUTE = new Map(
  (Object.entries(endpoints) as [EndpointName, { method: string; path: string }][]).map(([name, e]) => [
    `${e.method} ${fastifyPath(e.path)}`,
    name,
  ]),
);

/** The endpoint a request matched (a HEAD request is its GET's), or null for a route of none. */
export function endpointOf(request: FastifyRequest): EndpointName | null {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return ENDPOINT_OF_ROUTE.get(`${method} ${request.routeOptions.url ?? ''}`) ?? null;
}

/**
 * The role a token acts with: its user's current one (never more), and a contributor's unless
 * the token has `moderate` or the endpoint is a moderator's own (`moderate`, `import`), so a
 * moderator's token for proposing cannot publish.
 */
export function tokenRole(role: UserRole, scopes: readonly TokenScope[], endpoint: EndpointName): UserRole {
  const needs = Object.hasOwn(TOKEN_SCOPE_OF, endpoint)
    ? TOKEN_SCOPE_OF[endpoint as keyof typeof TOKEN_SCOPE_OF]
    : null;
  if (scopes.includes('moderate') || needs === 'moderate' || needs === 'import') return role;
  return 'contributor';
}

/**
 * Authenticates a request by its Bearer token (decision 029): the token's user becomes
 * `request.user`, capped by the token's scopes, or the request is refused: 401 `token_invalid` for
 * a token that does not work (never answered as a visitor's), 403 `token_not_allowed` where the
 * token's scopes do not reach, 429 past the token's own limit. Returns once `request.user` is set.
 */
export function createTokenAuthentication(app: FastifyInstance) {
  const perToken = createLimiter(
    app,
    RATE_LIMITS.requestsPerToken,
    (request) => `token:${request.apiToken?.id ?? 'none'}`,
  );
  return async (request: FastifyRequest, reply: FastifyReply, value: string): Promise<void> => {
    // PGlite hangs on a full disk: while storage is low, no `last used` writes.
    const holder = await app.apiTokens.resolve(value, { mayWrite: !refusesForStorage(app.storage, false) });
    if (!holder) throw new AppError('token_invalid', TOKEN_INVALID_MESSAGE);
    request.apiToken = { id: holder.tokenId, scopes: holder.scopes };
    // Whatever it answers may hold private parts (exact positions): never for a shared cache.
    reply.header('cache-control', 'private, no-store');
    await perToken(request, reply);
    const endpoint = endpointOf(request);
    const access = endpoint ? tokenAccess(endpoint, holder.scopes) : { allowed: false as const, needs: null };
    if (!endpoint || !access.allowed) {
      const needs = access.allowed ? null : access.needs;
      throw new AppError(
        'token_not_allowed',
        needs
          ? `This API token lacks the scope ${needs}, which this needs.`
          : 'API tokens cannot be used for this: sign in to do it.',
        needs ? { scope: needs } : undefined,
      );
    }
    const user: CurrentUser = {
      ...holder.user,
      role: tokenRole(holder.user.role, holder.scopes, endpoint),
      // With mail off nobody can prove an address, so all count as proven (as for sessions).
      emailVerified: holder.user.emailVerified || !app.mailer.enabled,
    };
    request.user = user;
  };
}
