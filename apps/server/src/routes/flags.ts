import {
  type Flag,
  FlagIdParams,
  FlagInput,
  type FlagList,
  FlagListQuery,
  type FlagReceipt,
  FlagResolution,
  PlaceIdParams,
} from '@karta/contracts';
import type { FastifyInstance } from 'fastify';
import { MODERATOR_ROLES, requireUser } from '../accounts/request-user.ts';
import { FlagAlreadyResolvedError } from '../flags/flag-repository.ts';
import { AppError } from '../http/errors.ts';
import { RATE_LIMITS } from '../http/rate-limit.ts';
import { parseInput } from '../http/validate.ts';

/** The moderators' list shows this many flags at most (the oldest open ones first). */
const FLAG_LIST_LIMIT = 500;

/**
 * Reports on published places. Any visitor may report (PRODUCT.md §3), signed in or not, within
 * a per-address limit; moderators list and resolve them.
 */
export async function flagRoutes(app: FastifyInstance) {
  app.post(
    '/api/v1/places/:id/flags',
    { config: { rateLimit: RATE_LIMITS.flagsPerAddress } },
    async (request, reply): Promise<FlagReceipt> => {
      const { id } = parseInput(PlaceIdParams, request.params, 'path');
      const input = parseInput(FlagInput, request.body, 'body');
      const flag = await app.flags.create(
        id,
        { reason: input.reason, comment: input.comment ?? null },
        request.user?.id ?? null,
      );
      if (!flag) throw new AppError(404, 'not_found', `There is no place ${id}`);
      reply.code(201);
      return flag;
    },
  );

  app.get('/api/v1/flags', async (request): Promise<FlagList> => {
    requireUser(request, MODERATOR_ROLES);
    const { status } = parseInput(FlagListQuery, request.query, 'query');
    return { items: await app.flags.list(status ?? 'open', FLAG_LIST_LIMIT) };
  });

  app.post('/api/v1/flags/:id/resolve', async (request): Promise<Flag> => {
    const moderator = requireUser(request, MODERATOR_ROLES);
    const { id } = parseInput(FlagIdParams, request.params, 'path');
    const body = parseInput(FlagResolution, request.body, 'body');
    try {
      const flag = await app.flags.resolve(
        id,
        { resolution: body.resolution, note: body.note ?? null },
        moderator.id,
      );
      if (!flag) throw new AppError(404, 'not_found', `There is no flag ${id}`);
      return flag;
    } catch (error) {
      if (error instanceof FlagAlreadyResolvedError) {
        throw new AppError(409, 'conflict', 'This flag was already resolved', { flag: error.flag });
      }
      throw error;
    }
  });
}
