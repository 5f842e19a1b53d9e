import type { FastifyInstance } from 'fastify';
import { MODERATOR_ROLES, requireUser } from '../accounts/request-user.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';

function notFound(id: number) {
  return new AppError('not_found', `There is no category ${id}`);
}

/**
 * Categories: everyone reads them; moderators and admins manage them (docs/product-rules.md
 * §Roles). A slug taken or a category still in use is the repository's 409.
 */
export async function categoryRoutes(app: FastifyInstance) {
  defineRoute(app, 'categories', async () => ({ items: await app.categoryRepository.list() }));

  defineRoute(app, 'createCategory', async (request) => {
    requireUser(request, MODERATOR_ROLES);
    return app.categoryRepository.create(request.body);
  });

  defineRoute(app, 'updateCategory', async (request) => {
    requireUser(request, MODERATOR_ROLES);
    const { id } = request.params;
    const category = await app.categoryRepository.update(id, request.body);
    if (!category) throw notFound(id);
    return category;
  });

  defineRoute(app, 'purgeCategoryField', async (request, reply) => {
    requireUser(request, ['admin']);
    const { id } = request.params;
    const { key } = request.body;
    if (!(await app.categoryRepository.purgeField(id, key))) {
      throw new AppError('not_found', `Category ${id} has no removed field “${key}”`);
    }
    return reply.send();
  });

  defineRoute(app, 'deleteCategory', async (request, reply) => {
    requireUser(request, MODERATOR_ROLES);
    const { id } = request.params;
    if (!(await app.categoryRepository.delete(id))) throw notFound(id);
    return reply.send();
  });
}
