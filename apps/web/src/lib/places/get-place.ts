import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { isNotFound } from '../error-message.ts';

/** The cache key of one place, so a list can seed it and the info window opens at once. */
export function placeQueryKey(id: number) {
  return ['place', id] as const;
}

/** GET /api/v1/places/:id. */
export function getPlace(id: number, signal?: AbortSignal) {
  return api.getPlace(id, { signal });
}

/** One place; a 404 is an answer (shown as "not found"), not something to retry. */
export function usePlace(id: number | null) {
  return useQuery({
    queryKey: placeQueryKey(id ?? 0),
    queryFn: ({ signal }) => getPlace(id as number, signal),
    enabled: id !== null,
    staleTime: 60_000,
    retry: (failures, error) => !isNotFound(error) && failures < 2,
  });
}
