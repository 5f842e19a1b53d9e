import type { FieldFilterParam } from '@karta/contracts';
import type { FastifyInstance } from 'fastify';
import { type PlaceFieldFilter, resolveFieldFilters } from '../places/field-filters.ts';

/**
 * A request's `f.<key>` filters read against the categories' fields as the category repository
 * keeps them in memory (a filtered map request waits on no database); none without `f`.
 */
export async function fieldFiltersOf(
  app: FastifyInstance,
  params: readonly FieldFilterParam[] | undefined,
): Promise<PlaceFieldFilter[]> {
  if (!params || params.length === 0) return [];
  return resolveFieldFilters(params, (await app.categoryRepository.filterable()).categories);
}
