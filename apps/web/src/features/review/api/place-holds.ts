import type { PlaceHold } from '@karta/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client.ts';
import { reviewQueryKey } from './list-review-places.ts';

/** How often the queue asks who has which place open: a hold lasts 30 minutes, a glance is enough. */
const HOLDS_REFRESH_MS = 15_000;

const holdsQueryKey = [...reviewQueryKey, 'holds'] as const;

/** GET /api/v1/places/holds: who has which place open in the review queue, by place id. */
export function usePlaceHolds(enabled: boolean) {
  return useQuery({
    queryKey: holdsQueryKey,
    queryFn: ({ signal }) => api.placeHolds({ signal }),
    select: (answer) => new Map<number, PlaceHold>(answer.items.map((hold) => [hold.placeId, hold])),
    enabled,
    refetchInterval: HOLDS_REFRESH_MS,
  });
}

/**
 * Opens a place for review (PUT …/hold) and lets go of one (DELETE …/hold). Either way the holds
 * are asked again, so a place someone else took first shows who has it.
 */
export function usePlaceHoldActions() {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: holdsQueryKey }),
    [queryClient],
  );
  const hold = useCallback((placeId: number) => api.holdPlace(placeId).finally(refresh), [refresh]);
  const release = useCallback((placeId: number) => api.releasePlace(placeId).finally(refresh), [refresh]);
  return { hold, release };
}
