import type { PlacePatch } from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { editablePlaceQueryKey } from './get-editable-place.ts';

/** PATCH /api/v1/places/:id: the changed fields and the version they are based on (409 when stale). */
export function updatePlace(id: number, body: z.input<typeof PlacePatch>) {
  return api.updatePlace(id, body);
}

/** Saves an edit; the place and the user's lists are fetched again afterwards. */
export function useUpdatePlace(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof PlacePatch>) => updatePlace(id, body),
    onSuccess: (place) => {
      queryClient.setQueryData(editablePlaceQueryKey(id), place);
      void queryClient.invalidateQueries({ queryKey: ['place', id] });
      void queryClient.invalidateQueries({ queryKey: ['places'] });
    },
  });
}
