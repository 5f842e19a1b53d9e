import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type FlagStatus = 'open' | 'resolved';

/** Every cached answer of the flags screen. */
export const flagsQueryKey = ['flags'] as const;

/** GET /api/v1/flags?status=…: open reports oldest first, resolved ones newest first. */
export function listFlags(status: FlagStatus, signal?: AbortSignal) {
  return api.listFlags({ status }, { signal });
}

/** Reports on places in one status. */
export function useFlags(status: FlagStatus) {
  return useQuery({
    queryKey: [...flagsQueryKey, status],
    queryFn: ({ signal }) => listFlags(status, signal),
    select: (list) => list.items,
  });
}
