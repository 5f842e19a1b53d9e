import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reviewQueryKey } from './list-review-places.ts';

/** GET /api/v1/places/:id/history: every change, oldest first. */
export function getPlaceHistory(id: number, signal?: AbortSignal) {
  return api.placeHistory(id, { signal });
}

/** A place's history; `version` is part of the key, so a changed place never shows an old diff. */
export function usePlaceHistory(id: number, version: number) {
  return useQuery({
    queryKey: [...reviewQueryKey, 'history', id, version],
    queryFn: ({ signal }) => getPlaceHistory(id, signal),
    select: (history) => history.items,
  });
}
