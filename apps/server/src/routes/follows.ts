import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { RATE_LIMITS } from '../http/rate-limit.ts';
import { requireMail } from './auth.ts';

const UNKNOWN_LINK = 'This link is not known, or it is too old. Open the link of a newer e-mail.';

/** Follows of areas and spots by e-mail: request, confirm, list and end (no account needed). */
export async function followRoutes(app: FastifyInstance) {
  // Answers about an address's follows are for the holder of its link only: never cached.
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.url?.startsWith('/api/v1/follows')) reply.header('cache-control', 'no-store');
  });

  defineRoute(
    app,
    'createFollow',
    async (request, reply) => {
      requireMail(app);
      // What an address named here is sent is bounded in the database, per address, whoever asks
      // (follows/follow-repository.ts): the answer is the same whether anything was sent or not.
      await app.followService.request(request.body);
      return reply.code(204).send();
    },
    { options: { config: { rateLimit: RATE_LIMITS.followsPerAddress } } },
  );

  defineRoute(
    app,
    'confirmFollow',
    async (request) => {
      requireMail(app);
      const follow = await app.followService.confirm(request.body.token);
      if (!follow) throw new AppError('not_found', UNKNOWN_LINK);
      return follow;
    },
    { options: { config: { rateLimit: RATE_LIMITS.followLinksPerAddress } } },
  );

  defineRoute(
    app,
    'listFollows',
    async (request) => {
      const items = await app.followService.list(request.query.token);
      if (!items) throw new AppError('not_found', UNKNOWN_LINK);
      return { items };
    },
    { options: { config: { rateLimit: RATE_LIMITS.followLinksPerAddress } } },
  );

  defineRoute(
    app,
    'endFollow',
    async (request, reply) => {
      const outcome = await app.followService.end(request.query.token, request.params.id);
      if (outcome === 'unknown-link') throw new AppError('not_found', UNKNOWN_LINK);
      if (outcome === 'not-found') throw new AppError('not_found', 'This follow has ended already.');
      return reply.code(204).send();
    },
    { options: { config: { rateLimit: RATE_LIMITS.followLinksPerAddress } } },
  );
}
