import type { FastifyInstance } from 'fastify';
import { MODERATOR_ROLES, requireUser } from '../accounts/request-user.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { RATE_LIMITS } from '../http/rate-limit.ts';
import { auditActorOf } from './audit-actor.ts';

/** The moderators' list shows this many flags at most (the oldest open ones first). */
const FLAG_LIST_LIMIT = 500;

/**
 * Reports on published places. Any visitor may report (docs/product-rules.md §Reports), signed in
 * or not, within a per-address limit; moderators list and resolve them.
 */
export async function flagRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    'flagPlace',
    async (request) => {
      const { id } = request.params;
      const input = request.body;
      const flag = await app.flags.create(
        id,
        { reason: input.reason, comment: input.comment ?? null },
        request.user?.id ?? null,
      );
      if (!flag) throw new AppError('not_found', `There is no place ${id}`);
      return flag;
    },
    { options: { config: { rateLimit: RATE_LIMITS.flagsPerAddress } } },
  );

  defineRoute(
    app,
    'flagNote',
    async (request) => {
      const { id } = request.params;
      const { reason, comment } = request.body;
      const flag = await app.flags.createForNote(
        id,
        { reason, comment: comment ?? null },
        request.user?.id ?? null,
      );
      if (!flag) throw new AppError('not_found', `There is no note ${id}`);
      return flag;
    },
    { options: { config: { rateLimit: RATE_LIMITS.flagsPerAddress } } },
  );

  defineRoute(app, 'listFlags', async (request) => {
    requireUser(request, MODERATOR_ROLES);
    const { status } = request.query;
    return { items: await app.flags.list(status ?? 'open', FLAG_LIST_LIMIT) };
  });

  defineRoute(app, 'resolveFlag', async (request) => {
    const moderator = auditActorOf(request, MODERATOR_ROLES);
    const { id } = request.params;
    const { body } = request;
    // One already resolved is the repository's 409 with the flag as it is.
    const flag = await app.flags.resolve(
      id,
      { resolution: body.resolution, note: body.note ?? null },
      moderator,
    );
    if (!flag) throw new AppError('not_found', `There is no flag ${id}`);
    return flag;
  });
}
