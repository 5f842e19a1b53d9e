import type { FastifyInstance } from 'fastify';
import { requireUser } from '../accounts/request-user.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';

const ADMINS = ['admin'] as const;
const DEFAULT_LIMIT = 50;

/**
 * User management: admins list users, change roles, disable and enable accounts
 * (docs/product-rules.md §Roles).
 */
export async function userRoutes(app: FastifyInstance) {
  // E-mail addresses are personal data: never kept by a cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  defineRoute(app, 'listUsers', async (request) => {
    requireUser(request, ADMINS);
    const { query } = request;
    return app.accounts.users.list({
      search: query.q,
      limit: query.limit ?? DEFAULT_LIMIT,
      offset: query.offset ?? 0,
    });
  });

  defineRoute(app, 'updateUser', async (request) => {
    const admin = requireUser(request, ADMINS);
    const { id } = request.params;
    const patch = request.body;
    // An admin who demoted or disabled themselves could leave the site with no admin at all.
    if (id === admin.id) {
      throw new AppError('forbidden', 'You cannot change your own role or disable your own account');
    }
    const user = await app.accounts.updateUser(id, patch);
    if (!user) throw new AppError('not_found', `There is no user ${id}`);
    return user;
  });
}
