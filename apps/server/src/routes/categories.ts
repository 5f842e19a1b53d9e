import {
  type Category,
  CategoryIdParams,
  CategoryInput,
  type CategoryList,
  CategoryPatch,
} from '@karta/contracts';
import type { FastifyInstance } from 'fastify';
import { MODERATOR_ROLES, requireUser } from '../accounts/request-user.ts';
import { CategoryInUseError, SlugTakenError } from '../categories/category-repository.ts';
import { AppError } from '../http/errors.ts';
import { parseInput } from '../http/validate.ts';

function notFound(id: number) {
  return new AppError(404, 'not_found', `There is no category ${id}`);
}

/** Categories: everyone reads them; moderators and admins manage them (PRODUCT.md §2). */
export async function categoryRoutes(app: FastifyInstance) {
  app.get(
    '/api/v1/categories',
    async (): Promise<CategoryList> => ({ items: await app.categoryRepository.list() }),
  );

  app.post('/api/v1/categories', async (request, reply): Promise<Category> => {
    requireUser(request, MODERATOR_ROLES);
    const input = parseInput(CategoryInput, request.body, 'body');
    try {
      const category = await app.categoryRepository.create(input);
      reply.code(201);
      return category;
    } catch (error) {
      if (error instanceof SlugTakenError) {
        throw new AppError(409, 'conflict', `Another category already uses the slug “${input.slug}”`, {
          path: 'slug',
        });
      }
      throw error;
    }
  });

  app.patch('/api/v1/categories/:id', async (request): Promise<Category> => {
    requireUser(request, MODERATOR_ROLES);
    const { id } = parseInput(CategoryIdParams, request.params, 'path');
    const patch = parseInput(CategoryPatch, request.body, 'body');
    const category = await app.categoryRepository.update(id, patch);
    if (!category) throw notFound(id);
    return category;
  });

  app.delete('/api/v1/categories/:id', async (request, reply) => {
    requireUser(request, MODERATOR_ROLES);
    const { id } = parseInput(CategoryIdParams, request.params, 'path');
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
    return reply.code(204).send();
  });
}
