import type { FlagInput } from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { flagsQueryKey } from './list-flags.ts';

/** POST /api/v1/places/:id/flags: anyone may report a published place, signed in or not. */
export function reportPlace(placeId: number, input: FlagInput) {
  return api.flagPlace(placeId, input);
}

/** Sends a report on a place; a moderator's flags screen, if cached, then shows it. */
export function useReportPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ placeId, ...input }: FlagInput & { placeId: number }) => reportPlace(placeId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flagsQueryKey }),
  });
}
