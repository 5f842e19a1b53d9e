import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { myPlacesQueryKey } from './list-my-places.ts';

/** POST /api/v1/places/:id/transition to `pending`: a rejected place back in the review queue. */
export function resubmitPlace(id: number, version: number) {
  return api.transitionPlace(id, { to: 'pending', version });
}

/** Resubmits a rejected place; the list is fetched again afterwards. */
export function useResubmitPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => resubmitPlace(id, version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myPlacesQueryKey }),
  });
}
