import {
  MAX_BATCH_TRANSITIONS,
  type PlaceTransitionBatch,
  type PlaceTransitionOutcome,
} from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reviewQueryKey } from './list-review-places.ts';

/**
 * POST /api/v1/places/transitions, as many times as the selection needs (at most 100 places a
 * request), one request after another: the outcomes of every place, in order.
 */
export async function transitionPlaces(batch: PlaceTransitionBatch): Promise<PlaceTransitionOutcome[]> {
  const outcomes: PlaceTransitionOutcome[] = [];
  for (let start = 0; start < batch.items.length; start += MAX_BATCH_TRANSITIONS) {
    const items = batch.items.slice(start, start + MAX_BATCH_TRANSITIONS);
    const answer = await api.transitionPlaces({ ...batch, items });
    outcomes.push(...answer.items);
  }
  return outcomes;
}

/** Publishes or rejects the selected places; the lists reload whatever happened. */
export function useTransitionPlaces() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionPlaces,
    onSettled: async () => {
      // Published places change the public map and lists too: stale, loaded afresh when shown.
      await queryClient.invalidateQueries({ refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: reviewQueryKey });
    },
  });
}
