import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MODERATOR_ROLES, requireUser } from '../accounts/request-user.ts';
import { sessionCookieOptions } from '../accounts/session-cookie.ts';
import type { Confirmer, NeedsCheckingCursor } from '../freshness/confirmations.ts';
import { clientKey } from '../http/client-address.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError, validationError } from '../http/errors.ts';
import { RATE_LIMITS } from '../http/rate-limit.ts';

/** A visitor's random id, so their answer counts once a day per place without an account. */
const CLIENT_COOKIE = 'karta_client';
const CLIENT_ID = /^[A-Za-z0-9_-]{22}$/;
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const DEFAULT_QUEUE_PAGE = 50;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Who answers: the user, or the visitor's cookie (given one now when they have none). */
function confirmerOf(request: FastifyRequest, reply: FastifyReply): Confirmer {
  const address = clientKey(request);
  if (request.user) return { actor: request.user, clientKey: `u:${request.user.id}`, address };
  let clientId = request.cookies[CLIENT_COOKIE];
  if (!clientId || !CLIENT_ID.test(clientId)) {
    clientId = randomBytes(16).toString('base64url');
    reply.setCookie(CLIENT_COOKIE, clientId, {
      ...sessionCookieOptions(request.server.appConfig),
      maxAge: YEAR_SECONDS,
    });
  }
  return { actor: null, clientKey: `c:${sha256(clientId)}`, address };
}

const encodeCursor = (cursor: NeedsCheckingCursor) =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string): NeedsCheckingCursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString()) as Partial<NeedsCheckingCursor>;
    if (
      Number.isSafeInteger(value.notHere) &&
      Number.isSafeInteger(value.id) &&
      typeof value.confirmedAt === 'string' &&
      !Number.isNaN(Date.parse(value.confirmedAt))
    ) {
      return value as NeedsCheckingCursor;
    }
  } catch {
    // Not ours: refused below.
  }
  throw validationError([{ path: 'cursor', message: 'Not a cursor of this list' }]);
}

/** "Is it still there?": visitors' answers, and the moderators' "Needs checking" queue. */
export async function confirmationRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    'confirmPlace',
    async (request, reply) => {
      const { id } = request.params;
      const receipt = await app.confirmations.confirm(id, request.body.still, confirmerOf(request, reply));
      if (!receipt) throw new AppError('not_found', `There is no place ${id}`);
      return receipt;
    },
    { options: { config: { rateLimit: RATE_LIMITS.confirmationsPerAddress } } },
  );

  defineRoute(app, 'needsChecking', async (request) => {
    const moderator = requireUser(request, MODERATOR_ROLES);
    const { limit, cursor } = request.query;
    const page = await app.confirmations.needsChecking(
      moderator,
      limit ?? DEFAULT_QUEUE_PAGE,
      cursor === undefined ? undefined : decodeCursor(cursor),
    );
    return { items: page.items, nextCursor: page.next ? encodeCursor(page.next) : null };
  });
}
