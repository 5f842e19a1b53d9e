import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/** GET /api/v1/categories. */
export function getCategories(signal?: AbortSignal) {
  return api.categories({ signal });
}

/** Every category; they change rarely, so one load per visit is plenty. */
export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 10 * 60_000,
    select: (list) => list.items,
  });
}
