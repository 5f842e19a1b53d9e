import { MAX_API_TOKENS } from '@karta/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../accounts/request-user.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError, validationError } from '../http/errors.ts';
import { createLimiter, RATE_LIMITS } from '../http/rate-limit.ts';
import { auditActorOf } from './audit-actor.ts';

/** What a wrong password answers here: as a password change's (`POST /auth/password`). */
const PASSWORD_NOT_CORRECT = 'The password is not correct.';

/**
 * The signed-in user's API tokens (docs/decisions/029-api-tokens.md): made given the password,
 * listed without their secrets, revoked. A token cannot reach these (see TOKEN_SCOPE_OF).
 */
export async function tokenRoutes(app: FastifyInstance) {
  const creationsPerUser = createLimiter(
    app,
    RATE_LIMITS.tokenCreationsPerUser,
    (request) => `token-create:${request.user?.id}`,
  );
  // The token itself is in one answer: no cache keeps it.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  defineRoute(app, 'createApiToken', async (request, reply) => {
    const user = requireUser(request);
    // Counted before the password is checked: each attempt is one.
    await creationsPerUser(request, reply);
    const { name, scopes, expiresAt, password } = request.body;
    if (expiresAt !== undefined && Date.parse(expiresAt) <= Date.now()) {
      throw validationError([{ path: 'expiresAt', code: 'invalid', message: 'Choose a time in the future' }]);
    }
    if (!(await app.accounts.passwordMatches(user.id, password))) {
      throw new AppError('wrong_password', PASSWORD_NOT_CORRECT, [
        { path: 'password', code: 'invalid', message: PASSWORD_NOT_CORRECT },
      ]);
    }
    const outcome = await app.apiTokens.create(auditActorOf(request), {
      name,
      scopes,
      expiresAt: expiresAt === undefined ? null : new Date(expiresAt).toISOString(),
    });
    if (outcome === 'too_many') {
      throw new AppError(
        'too_many_tokens',
        `You already have ${MAX_API_TOKENS} API tokens. Revoke one you no longer use first.`,
        { max: MAX_API_TOKENS },
      );
    }
    return { ...outcome.created, token: outcome.token };
  });

  defineRoute(app, 'listApiTokens', async (request) => {
    const user = requireUser(request);
    return { items: await app.apiTokens.listOfUser(user.id) };
  });

  defineRoute(app, 'revokeApiToken', async (request, reply) => {
    if (!(await app.apiTokens.revoke(auditActorOf(request), request.params.id))) {
      throw new AppError('not_found', 'You have no such API token');
    }
    return reply.code(204).send();
  });
}
