import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const PAGE_SIZE = 20;

/** The cache key of the signed-in user's own places (under `places`, so any place write refreshes it). */
export const myPlacesQueryKey = ['places', 'mine'] as const;

/** GET /api/v1/places?mine=true&order=newest: the user's own places of every status. */
export function listMyPlaces(cursor: string | undefined, signal?: AbortSignal) {
  return api.listPlaces({ mine: true, order: 'newest', limit: PAGE_SIZE, cursor }, { signal });
}

/** The user's own places, newest first, page by page. */
export function useMyPlaces(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: myPlacesQueryKey,
    queryFn: ({ pageParam, signal }) => listMyPlaces(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
  });
}
