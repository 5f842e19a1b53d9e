import type { CategoryList } from '@karta/contracts';
import type { FastifyInstance } from 'fastify';

export async function categoryRoutes(app: FastifyInstance) {
  app.get(
    '/api/v1/categories',
    async (): Promise<CategoryList> => ({ items: await app.categoryRepository.list() }),
  );
}
