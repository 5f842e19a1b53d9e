import type { FastifyInstance } from 'fastify';
import { MODERATOR_ROLES } from '../accounts/request-user.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { auditActorOf } from './audit-actor.ts';

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
    return app.categoryRepository.create(request.body, auditActorOf(request, MODERATOR_ROLES));
  });

  defineRoute(app, 'updateCategory', async (request) => {
    const actor = auditActorOf(request, MODERATOR_ROLES);
    const { id } = request.params;
    const category = await app.categoryRepository.update(id, request.body, actor);
    if (!category) throw notFound(id);
    return category;
  });

  defineRoute(app, 'purgeCategoryField', async (request, reply) => {
    const actor = auditActorOf(request, ['admin']);
    const { id } = request.params;
    const { key } = request.body;
    if (!(await app.categoryRepository.purgeField(id, key, actor))) {
      throw new AppError('not_found', `Category ${id} has no removed field “${key}”`);
    }
    return reply.send();
  });

  defineRoute(app, 'deleteCategory', async (request, reply) => {
    const actor = auditActorOf(request, MODERATOR_ROLES);
    const { id } = request.params;
    if (!(await app.categoryRepository.delete(id, actor))) throw notFound(id);
    return reply.send();
  });
}
