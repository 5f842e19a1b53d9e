import type { PlaceInput } from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** What a proposal sends: the place, and the key that makes sending it again harmless. */
export interface Proposal {
  input: z.input<typeof PlaceInput>;
  key?: string;
}

/** POST /api/v1/places: a proposal, pending until a moderator publishes it. */
export function createPlace({ input, key }: Proposal) {
  return api.createPlace(input, key ? { headers: { 'Idempotency-Key': key } } : undefined);
}

/** Proposes a place; the user's own lists are fetched again afterwards. */
export function useCreatePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlace,
    // Every list of places may now differ for this user (My submissions first of all).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['places'] }),
  });
}
