import type { ConfirmationReceipt, Place } from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { placeQueryKey } from '../../../lib/places/get-place.ts';

/**
 * POST /api/v1/places/:id/confirmations: "Still here" or "Not here". The place's own answer takes
 * the new confirmation at once; lists read theirs again.
 */
export function useConfirmPlace(placeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (still: boolean) => api.confirmPlace(placeId, { still }),
    onSuccess: (receipt: ConfirmationReceipt) => {
      queryClient.setQueryData<Place>(placeQueryKey(placeId), (place) =>
        place ? { ...place, lastConfirmedAt: receipt.lastConfirmedAt, stale: receipt.stale } : place,
      );
      void queryClient.invalidateQueries({ queryKey: ['places'] });
      void queryClient.invalidateQueries({ queryKey: needsCheckingQueryKey });
    },
  });
}

/** Every cached page of the "Needs checking" queue. */
export const needsCheckingQueryKey = ['needs-checking'] as const;
