import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { KEYS_REMEMBERED } from '../limits/counter-store.ts';
import type { RateLimitStore } from '../limits/open-rate-limit-store.ts';
import { isApiWrite } from './api-route.ts';
import { clientKey } from './client-address.ts';
import { AppError } from './errors.ts';

export { KEYS_REMEMBERED };

/**
 * The limits, per client address unless said otherwise. Counted where RATE_LIMIT_STORE says
 * (docs/decisions/030-shared-limits.md): in the database or Redis every instance counts each limit
 * as one; in memory each instance counts its own (N instances allow N times as many).
 * What an e-mail address named in a form is sent (reset links, verification links, follow
 * confirmations) is limited per recipient in the database instead, across instances and restarts:
 * `RECIPIENT_LIMITS` (mail/outbox.ts) and `MAX_UNANSWERED_FOLLOW_MAILS` (follows/follow-repository.ts).
 */
export const RATE_LIMITS = {
  /**
   * Sign-ins from one address whatever their outcome: only a bound on the password hashing one
   * address can ask for, far above what a household or an office signs in.
   */
  loginPerAddress: { max: 60, timeWindow: 60_000, cache: KEYS_REMEMBERED },
  /**
   * Failed sign-ins from one address (successes do not count: accounts/sign-in-throttle.ts,
   * `createSignInFailureLimits`).
   */
  loginFailuresPerAddress: { max: 10, timeWindow: 60_000 },
  /**
   * Failed sign-ins at one account (its e-mail, whether it exists or not) from one address. Only
   * that address is stopped: attempts from anywhere else are slowed, never refused, by the
   * account-wide throttle (accounts/sign-in-throttle.ts), so nobody can lock another out.
   */
  loginFailuresPerAccountAndAddress: { max: 5, timeWindow: 15 * 60_000 },
  /**
   * Registrations from one address, counted once the body has passed its checks (`preHandler`),
   * so typos in the form do not use the hour's allowance up.
   */
  registerPerAddress: { max: 5, timeWindow: 60 * 60_000, cache: KEYS_REMEMBERED, hook: 'preHandler' },
  /** Password-reset e-mails asked for from one address (counted once the body is valid). */
  passwordResetPerAddress: { max: 5, timeWindow: 15 * 60_000, cache: KEYS_REMEMBERED, hook: 'preHandler' },
  /** Reset links tried from one address. */
  passwordResetConfirmPerAddress: { max: 10, timeWindow: 15 * 60_000, cache: KEYS_REMEMBERED },
  /** Password changes (each checks the current password) by one user. */
  passwordChangePerUser: { max: 5, timeWindow: 15 * 60_000, cache: KEYS_REMEMBERED },
  /** Follow requests from one address (counted once the body is valid). */
  followsPerAddress: { max: 10, timeWindow: 60 * 60_000, cache: KEYS_REMEMBERED, hook: 'preHandler' },
  /** Confirmation and management links used from one address. */
  followLinksPerAddress: { max: 60, timeWindow: 15 * 60_000, cache: KEYS_REMEMBERED },
  /** Reports on places from one address (visitors may report without an account). */
  flagsPerAddress: { max: 10, timeWindow: 60 * 60_000, cache: KEYS_REMEMBERED },
  /** "Still here" / "Not here" answers from one address (visitors answer without an account). */
  confirmationsPerAddress: { max: 30, timeWindow: 60 * 60_000, cache: KEYS_REMEMBERED },
  /**
   * Notes from signed-out authors sent from one address (counted once the body is valid; notes of
   * accounts, and of each address and place, are counted in the database: notes/note-limits.ts).
   */
  signedOutNotesPerAddress: { max: 10, timeWindow: 60 * 60_000, cache: KEYS_REMEMBERED },
  /** Note confirmation links used from one address. */
  noteLinksPerAddress: { max: 60, timeWindow: 15 * 60_000, cache: KEYS_REMEMBERED },
  /** Exports (each may stream every published place) from one address. */
  exportsPerAddress: { max: 30, timeWindow: 60_000, cache: KEYS_REMEMBERED },
  /** Imports, dry runs included, by one user (each may hold 100 000 rows). */
  importsPerUser: { max: 30, timeWindow: 60 * 60_000, cache: KEYS_REMEMBERED },
  /** Photo uploads by one user (each is up to 15 MB and a second of a core's work). */
  photosPerUser: { max: 100, timeWindow: 60 * 60_000, cache: KEYS_REMEMBERED },
  /**
   * Requests sent with one API token (docs/decisions/029-api-tokens.md), reads and writes alike,
   * besides every other limit (a token's writes count as its user's too).
   */
  requestsPerToken: { max: 300, timeWindow: 60_000, cache: KEYS_REMEMBERED },
  /** API tokens made by one user (each checks the account's password). */
  tokenCreationsPerUser: { max: 10, timeWindow: 15 * 60_000, cache: KEYS_REMEMBERED },
  /** Every other write by one user (or, signed out, one address): proposals, edits, moderation. */
  writesPerUser: { max: 60, timeWindow: 60_000, cache: KEYS_REMEMBERED },
} as const;

/**
 * The error (docs/product-rules.md §Errors) for a refused request, with how long to wait (also in
 * `Retry-After`).
 */
export function rateLimitedError(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait =
    retryAfterSeconds < 60 ? `${retryAfterSeconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError('rate_limited', `Too many attempts. Please try again in ${wait}.`, {
    retryAfterSeconds,
  });
}

/**
 * Registers @fastify/rate-limit with no global limit: routes opt in through their
 * `config.rateLimit`, or check a limiter of their own (see `createLimiter`). `store` is where it
 * counts (limits/open-rate-limit-store.ts); a store that cannot be reached lets requests through.
 */
export async function registerRateLimits(app: FastifyInstance, store: RateLimitStore['routeLimits']) {
  await app.register(rateLimit, {
    ...store,
    skipOnError: true,
    global: false,
    // Per client address, an IPv6 address by its /64 (one subscriber's network).
    keyGenerator: clientKey,
    errorResponseBuilder: (_request, context) => rateLimitedError(Math.max(1, Math.ceil(context.ttl / 1000))),
    // The route only: the key is a client address or an e-mail, neither of which belongs in a log.
    onExceeded: (request) => request.log.warn({ limit: request.routeOptions.url }, 'rate limit reached'),
  });
}

/** The name of one of `RATE_LIMITS`, found by identity. */
function limitName(limit: object): string {
  const name = Object.entries(RATE_LIMITS).find(([, value]) => value === limit)?.[0];
  if (!name) throw new Error('createLimiter takes one of RATE_LIMITS');
  return name;
}

/**
 * A limiter keyed by something other than the address (an account's e-mail, say) for one of
 * `RATE_LIMITS`: call it once per attempt; past `max` attempts within `timeWindow` it throws 429
 * with `Retry-After`. Its keys start with the limit's name: a shared store holds every limiter's
 * keys side by side.
 */
export function createLimiter(
  app: FastifyInstance,
  limit: { max: number; timeWindow: number; cache?: number },
  key: (request: FastifyRequest) => string,
) {
  const name = limitName(limit);
  const check = app.createRateLimit({ ...limit, keyGenerator: (request) => `${name}:${key(request)}` });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    reply.header('retry-after', seconds);
    throw rateLimitedError(seconds);
  };
}

/** What a per-user limit counts by: the signed-in user, or the address of a visitor. */
export function userOrAddressKey(request: { user: { id: number } | null; ip: string }): string {
  return request.user ? `user:${request.user.id}` : `address:${clientKey(request)}`;
}

/**
 * A route's own `config.rateLimit` counted per user (`userOrAddressKey`): checked after the
 * session is read (`preHandler`), so the key knows who is asking.
 */
export function perUserRouteLimit(limit: { max: number; timeWindow: number; cache?: number }) {
  return { ...limit, hook: 'preHandler' as const, keyGenerator: userOrAddressKey };
}

/**
 * Limits every API write that has no limit of its own (sign-in, registration and reports do) to
 * `RATE_LIMITS.writesPerUser`, counted per signed-in user, or per address for visitors. Register
 * it after the request's user is known.
 */
export function registerWriteLimit(app: FastifyInstance) {
  const limit = createLimiter(app, RATE_LIMITS.writesPerUser, userOrAddressKey);
  // Before the contract checks the body, so a write refused as invalid still counts as an attempt.
  app.addHook('preValidation', async (request, reply) => {
    if (!isApiWrite(request)) return;
    if ((request.routeOptions.config as { rateLimit?: unknown } | undefined)?.rateLimit) return;
    await limit(request, reply);
  });
}
