import type { PlaceTransition } from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reviewQueryKey } from './list-review-places.ts';

/** POST /api/v1/places/:id/transition. */
export function transitionPlace(id: number, body: PlaceTransition) {
  return api.transitionPlace(id, body);
}

/**
 * Publishes, rejects, archives or restores a place. Whatever the answer, the lists are reloaded:
 * after a success the place has moved tabs; after a conflict someone else has moved it.
 */
export function useTransitionPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: PlaceTransition & { id: number }) => transitionPlace(id, body),
    onSettled: async (_place, error) => {
      // A published or archived place changes the public map and lists too: mark them stale so
      // they load afresh when next shown, without refetching them all now.
      if (!error) await queryClient.invalidateQueries({ refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: reviewQueryKey });
    },
  });
}
