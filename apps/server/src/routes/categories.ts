import type { FastifyInstance } from 'fastify';
import { MODERATOR_ROLES, requireUser } from '../accounts/request-user.ts';
import { CategoryInUseError, SlugTakenError } from '../categories/category-repository.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';

function notFound(id: number) {
  return new AppError(404, 'not_found', `There is no category ${id}`);
}

/**
 * Categories: everyone reads them; moderators and admins manage them (docs/product-rules.md
 * §Roles).
 */
export async function categoryRoutes(app: FastifyInstance) {
  defineRoute(app, 'categories', async () => ({ items: await app.categoryRepository.list() }));

  defineRoute(app, 'createCategory', async (request) => {
    requireUser(request, MODERATOR_ROLES);
    const input = request.body;
    try {
      return await app.categoryRepository.create(input);
    } catch (error) {
      if (error instanceof SlugTakenError) {
        throw new AppError(409, 'conflict', `Another category already uses the slug “${input.slug}”`, {
          path: 'slug',
        });
      }
      throw error;
    }
  });

  defineRoute(app, 'updateCategory', async (request) => {
    requireUser(request, MODERATOR_ROLES);
    const { id } = request.params;
    const category = await app.categoryRepository.update(id, request.body);
    if (!category) throw notFound(id);
    return category;
  });

  defineRoute(app, 'deleteCategory', async (request, reply) => {
    requireUser(request, MODERATOR_ROLES);
    const { id } = request.params;
    try {
      if (!(await app.categoryRepository.delete(id))) throw notFound(id);
    } catch (error) {
      if (error instanceof CategoryInUseError) {
        throw new AppError(409, 'conflict', 'This category still has places: move or delete them first', {
          places: error.places,
        });
      }
      throw error;
    }
    return reply.send();
  });
}
