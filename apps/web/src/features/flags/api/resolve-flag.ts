import type { FlagResolution } from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { flagsQueryKey } from './list-flags.ts';

/** POST /api/v1/flags/:id/resolve. */
export function resolveFlag(id: number, body: FlagResolution) {
  return api.resolveFlag(id, body);
}

/** Resolves a report; the lists reload whatever the answer (a 409 means someone else resolved it). */
export function useResolveFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: FlagResolution & { id: number }) => resolveFlag(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: flagsQueryKey }),
  });
}
